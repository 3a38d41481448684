// Maps the pyautogui code of one OSWorld step onto canonical actions, reading it with
// python-calls.ts and never running it. Several calls become several actions, in order, with
// these rules, which follow what pyautogui does with the pointer:
//   - `moveTo` / `move` only move the pointer; the move is the `hover` it is unless the next
//     mouse action happens exactly there (`moveTo(x, y); click()`), which absorbs it;
//   - `click(button=..., clicks=n)`, `rightClick`, `middleClick`, `doubleClick`, `tripleClick`
//     at the given point or at the pointer;
//   - `dragTo` / `drag` drag from the pointer; `mouseDown ... mouseUp` at two places is a
//     drag, at one place a click;
//   - `scroll` / `vscroll` (positive = up) and `hscroll` (positive = right) keep their notch
//     count as `amount` and start where the pointer is;
//   - `typewrite` / `write` type text (a list types its characters and presses its named
//     keys); `press(key, presses=n)` presses n times; `hotkey(...)` and keys pressed while
//     `keyDown` holds others are chords; Enter alone is `enter`;
//   - `time.sleep` / `pyautogui.sleep` are waits when nothing else happens, else pauses;
//   - `pyperclip.copy(T)` then ctrl+v is one `type` of T (clipboard-paste.ts says when).
// What has no canonical form (a click with a key held, a right-button drag, an image search
// `click('button.png')`, a button left pressed) makes the step unmapped, with the reason.
import type { Action, PointObject } from "@/lib/domain/actions";
import { readPythonCalls, type PythonCall } from "@/lib/imports/formats/osworld/python-calls";
import { isPasteChord, pastedNote, unpastedNote } from "@/lib/imports/formats/osworld/clipboard-paste";
import { chord, keyPress, NotMapped, samePoint, validated, wheel, type MappedStep, type Pointer } from "@/lib/imports/formats/osworld/pointer";
import { arg, buttonArg, numberArg, stringList, whereArg, type Button, type Where } from "@/lib/imports/formats/osworld/pyautogui-args";

type State = {
  pointer: Pointer;
  pendingHover: PointObject | null;
  held: string[];
  heldUsed: boolean;
  down: { at: PointObject; button: Button } | null;
  built: unknown[];
  sleeps: number;
  /** What pyperclip.copy put on the clipboard, and how many actions were built when it was
   * set or last pasted: a paste reads it only if nothing was done in between. */
  clipboard: { text: string; since: number } | null;
  /** A copied text no paste has used yet. */
  unpasted: string | null;
  hasPasted: boolean;
  notes: string[];
};

const MODULES = new Set(["pyautogui", "pyperclip", "time"]);

function flushHover(state: State): void {
  if (state.pendingHover) state.built.push({ type: "hover", ...state.pendingHover });
  state.pendingHover = null;
}

// Where a mouse action happens; moving there first absorbs a pending hover at the same place.
function reach(state: State, call: PythonCall, where: Where): PointObject {
  if (state.held.length) throw new NotMapped(`${call.name} with ${state.held.join("+")} held down has no canonical action`);
  const at = where.kind === "point" ? where.at : state.pointer;
  if (!at) throw new NotMapped(`${call.name} acts at the current pointer position, which no earlier call of this trajectory set`);
  if (state.pendingHover && samePoint(state.pendingHover, at)) state.pendingHover = null;
  else flushHover(state);
  state.pointer = at;
  return at;
}

function click(state: State, call: PythonCall, at: PointObject, button: Button, clicks: number): void {
  if (!Number.isInteger(clicks) || clicks < 1) throw new NotMapped(`${call.name}: clicks must be a whole number >= 1, got ${clicks}`);
  const buttonField = button === "left" ? {} : { button };
  if (clicks === 2) state.built.push({ type: "double_click", ...at, ...buttonField });
  else state.built.push({ type: "click", ...at, ...buttonField, ...(clicks > 2 ? { clicks } : {}) });
}

function moveTo(state: State, at: PointObject): void {
  // While a button is down the move is part of a drag, not a hover.
  if (!state.down) {
    flushHover(state);
    state.pendingHover = at;
  }
  state.pointer = at;
}

function offset(state: State, call: PythonCall): PointObject {
  if (!state.pointer) throw new NotMapped(`${call.name} moves relative to the pointer, whose position no earlier call of this trajectory set`);
  return { x: state.pointer.x + numberArg(call, 0, "xOffset", 0), y: state.pointer.y + numberArg(call, 1, "yOffset", 0) };
}

function drag(state: State, call: PythonCall, to: PointObject): void {
  if (state.held.length) throw new NotMapped(`${call.name} with ${state.held.join("+")} held down has no canonical action`);
  if (!state.pointer) throw new NotMapped(`${call.name} drags from the current pointer position, which no earlier call of this trajectory set`);
  if (buttonArg(call, 4, "left") !== "left") throw new NotMapped(`${call.name} with another button than the left one has no canonical action`);
  if (arg(call, 5, "mouseDownUp") === false) throw new NotMapped(`${call.name}(mouseDownUp=False) moves with a button already held, which has no canonical action`);
  state.pendingHover = null; // the drag starts where the pointer was moved to
  state.built.push({ type: "drag", from: state.pointer, to });
  state.pointer = to;
}

function scroll(state: State, call: PythonCall, axis: "vertical" | "horizontal"): void {
  const clicks = numberArg(call, 0, "clicks");
  const where = whereArg(call, 1);
  const from = where.kind === "point" || state.pointer ? reach(state, call, where) : null;
  if (!from) flushHover(state);
  if (clicks === 0) return; // pyautogui scrolls nothing for 0 notches
  state.built.push(wheel(clicks, axis, from));
}

// A chord, unless it pastes a text copied just before: then it typed that text.
function chordOrPaste(state: State, keys: string[]): void {
  const clipboard = state.clipboard;
  if (clipboard && clipboard.since === state.built.length && isPasteChord(keys)) {
    state.built.push({ type: "type", text: clipboard.text });
    state.clipboard = { text: clipboard.text, since: state.built.length };
    state.unpasted = null;
    state.hasPasted = true;
    return;
  }
  state.built.push(chord(keys));
}

function keys(state: State, list: string[]): void {
  for (const key of list) {
    if (state.held.length) {
      chordOrPaste(state, [...state.held, key]);
      state.heldUsed = true;
    } else state.built.push(keyPress(key));
  }
}

function pyperclipCall(state: State, call: PythonCall, fn: string): void {
  if (fn !== "copy") throw new NotMapped(`pyperclip.${fn}() is not read`);
  const text = arg(call, 0, "text");
  if (typeof text !== "string") throw new NotMapped(`pyperclip.copy: the text must be a string, got ${JSON.stringify(text ?? null)}`);
  if (state.unpasted !== null) state.notes.push(unpastedNote(state.unpasted));
  state.clipboard = { text, since: state.built.length };
  state.unpasted = text;
}

function typeText(state: State, call: PythonCall): void {
  flushHover(state);
  if (state.held.length) throw new NotMapped(`${call.name} with ${state.held.join("+")} held down has no canonical action`);
  const message = arg(call, 0, "message");
  if (typeof message === "string") {
    state.built.push({ type: "type", text: message });
    return;
  }
  if (!Array.isArray(message) || !message.every((k): k is string => typeof k === "string")) {
    throw new NotMapped(`${call.name}: the message must be a string or a list of key names`);
  }
  // A list presses each entry: single characters are typed text, longer names are keys.
  let text = "";
  for (const key of message) {
    if (key.length === 1 && key !== "\n" && key !== "\r") text += key;
    else {
      if (text) state.built.push({ type: "type", text });
      text = "";
      state.built.push(keyPress(key));
    }
  }
  if (text) state.built.push({ type: "type", text });
}

function pyautoguiCall(state: State, call: PythonCall, fn: string): void {
  switch (fn) {
    case "moveTo": {
      const where = whereArg(call);
      if (where.kind === "point") moveTo(state, where.at);
      return;
    }
    case "move":
    case "moveRel":
      moveTo(state, offset(state, call));
      return;
    case "click":
      click(state, call, reach(state, call, whereArg(call)), buttonArg(call, 4, "left"), numberArg(call, 2, "clicks", 1));
      return;
    case "leftClick":
      click(state, call, reach(state, call, whereArg(call)), "left", 1);
      return;
    case "rightClick":
      click(state, call, reach(state, call, whereArg(call)), "right", 1);
      return;
    case "middleClick":
      click(state, call, reach(state, call, whereArg(call)), "middle", 1);
      return;
    case "doubleClick":
      click(state, call, reach(state, call, whereArg(call)), buttonArg(call, 3, "left"), 2);
      return;
    case "tripleClick":
      click(state, call, reach(state, call, whereArg(call)), buttonArg(call, 3, "left"), 3);
      return;
    case "mouseDown": {
      if (state.down) throw new NotMapped("mouseDown while a button is already down");
      const at = reach(state, call, whereArg(call));
      state.down = { at, button: buttonArg(call, 2, "left") };
      return;
    }
    case "mouseUp": {
      const down = state.down;
      if (!down) throw new NotMapped("mouseUp without a mouseDown before it in this step");
      const where = whereArg(call);
      const at = where.kind === "point" ? where.at : state.pointer!;
      state.down = null;
      state.pointer = at;
      if (samePoint(at, down.at)) click(state, call, at, down.button, 1);
      else if (down.button === "left") state.built.push({ type: "drag", from: down.at, to: at });
      else throw new NotMapped(`a ${down.button}-button drag has no canonical action`);
      return;
    }
    case "dragTo": {
      const where = whereArg(call);
      if (where.kind !== "point") throw new NotMapped("dragTo needs a target point");
      drag(state, call, where.at);
      return;
    }
    case "drag":
    case "dragRel":
      drag(state, call, offset(state, call));
      return;
    case "scroll":
    case "vscroll":
      scroll(state, call, "vertical");
      return;
    case "hscroll":
      scroll(state, call, "horizontal");
      return;
    case "typewrite":
    case "write":
      typeText(state, call);
      return;
    case "press": {
      flushHover(state);
      const list = stringList(call, arg(call, 0, "keys"));
      const presses = numberArg(call, 1, "presses", 1);
      if (!Number.isInteger(presses) || presses < 0) throw new NotMapped(`press: presses must be a whole number, got ${presses}`);
      for (let i = 0; i < presses; i++) keys(state, list);
      return;
    }
    case "hotkey": {
      flushHover(state);
      const list = stringList(call, call.args.length === 1 && Array.isArray(call.args[0]) ? call.args[0] : call.args);
      chordOrPaste(state, [...state.held, ...list]);
      if (state.held.length) state.heldUsed = true;
      return;
    }
    case "keyDown": {
      flushHover(state);
      state.held.push(...stringList(call, arg(call, 0, "key")));
      return;
    }
    case "keyUp": {
      const [key] = stringList(call, arg(call, 0, "key"));
      const at = state.held.findIndex((k) => k.toLowerCase() === key!.toLowerCase());
      if (at < 0) throw new NotMapped(`keyUp(${JSON.stringify(key)}) without a keyDown before it in this step`);
      // Keys pressed down and released with nothing in between were pressed on their own.
      if (!state.heldUsed) state.built.push(chord([...state.held]));
      state.heldUsed = true;
      state.held.splice(at, 1);
      if (!state.held.length) state.heldUsed = false;
      return;
    }
    case "sleep":
      state.sleeps += numberArg(call, 0, "seconds");
      return;
    default:
      throw new NotMapped(`pyautogui.${fn} is not an action Verity reads`);
  }
}

export function mapPyautoguiCode(code: string, pointer: Pointer): MappedStep {
  const read = readPythonCalls(code);
  if (!read.ok) return { ok: false, reason: `the code is not a plain list of pyautogui calls: ${read.reason}`, pointer: null };
  const state: State = { pointer, pendingHover: null, held: [], heldUsed: false, down: null, built: [], sleeps: 0, clipboard: null, unpasted: null, hasPasted: false, notes: [] };
  const aliases = new Map([["pyautogui", "pyautogui"], ["time", "time"]]);
  try {
    for (const statement of read.statements) {
      if (statement.kind === "import") {
        if (!MODULES.has(statement.module)) throw new NotMapped(`the code imports ${statement.module}; only pyautogui, pyperclip.copy and time calls are read`);
        aliases.set(statement.alias, statement.module);
        continue;
      }
      const [alias, fn, ...more] = statement.name.split(".");
      const module = aliases.get(alias!);
      if (statement.kind === "config") {
        // `pyautogui.FAILSAFE = False` and the like change settings, not the screen.
        if (module === "pyautogui" && fn && !more.length && /^[A-Z_]+$/.test(fn)) continue;
        throw new NotMapped(`\`${statement.name} = ...\` is not a pyautogui setting`);
      }
      if (!module || !fn || more.length) throw new NotMapped(`${statement.name}() is not a pyautogui or time call`);
      if (module === "time") {
        if (fn !== "sleep") throw new NotMapped(`time.${fn}() is not read`);
        state.sleeps += numberArg(statement, 0, "secs");
      } else if (module === "pyperclip") pyperclipCall(state, statement, fn);
      else pyautoguiCall(state, statement, fn);
    }
    if (state.down) throw new NotMapped("the mouse button is still down when the step ends");
    if (state.held.length) throw new NotMapped(`${state.held.join("+")} is still held down when the step ends`);
    flushHover(state);
    const notes = [...state.notes];
    if (state.unpasted !== null) {
      // Only a clipboard set: no action type is guessed for it.
      if (!state.built.length) throw new NotMapped(unpastedNote(state.unpasted));
      notes.push(unpastedNote(state.unpasted));
    }
    if (state.hasPasted) notes.push(pastedNote);
    if (!state.built.length) {
      if (state.sleeps > 0) state.built.push({ type: "wait", seconds: state.sleeps });
      else throw new NotMapped("the code performs no action");
    } else if (state.sleeps > 0) notes.push(`pauses between calls (${state.sleeps}s of sleep) are not actions`);
    const actions: Action[] = validated(state.built);
    return { ok: true, actions, notes, pointer: state.pointer };
  } catch (error) {
    if (error instanceof NotMapped) return { ok: false, reason: error.message, pointer: null };
    throw error;
  }
}
