// The pyautogui reader on the code shapes OSWorld agents write: every call either becomes a
// canonical action or the step is reported with the reason; nothing is ever run.
import { describe, expect, it } from "vitest";
import { mapPyautoguiCode } from "@/lib/imports/formats/osworld/pyautogui-actions";
import { mapComputer13Action } from "@/lib/imports/formats/osworld/computer13-actions";
import { readPythonCalls } from "@/lib/imports/formats/osworld/python-calls";
import { uitarsCode } from "../../../support/fixtures/osworld-uitars-fixture";

const actions = (code: string, pointer: { x: number; y: number } | null = null) => {
  const mapped = mapPyautoguiCode(code, pointer);
  if (!mapped.ok) throw new Error(`not mapped: ${mapped.reason}`);
  return mapped.actions;
};
const reason = (code: string, pointer: { x: number; y: number } | null = null) => {
  const mapped = mapPyautoguiCode(code, pointer);
  if (mapped.ok) throw new Error(`mapped: ${JSON.stringify(mapped.actions)}`);
  return mapped.reason;
};

describe("reading the Python", () => {
  it("reads calls with literal arguments, imports, comments, ';' and bracket continuations", () => {
    const read = readPythonCalls("import pyautogui, time\n# click it\npyautogui.click(\n  x=10, y=-2.5,\n  button='right'); time.sleep(0.5)\n");
    expect(read).toEqual({
      ok: true,
      statements: [
        { kind: "import", module: "pyautogui", alias: "pyautogui" },
        { kind: "import", module: "time", alias: "time" },
        { kind: "call", name: "pyautogui.click", args: [], kwargs: { x: 10, y: -2.5, button: "right" } },
        { kind: "call", name: "time.sleep", args: [0.5], kwargs: {} },
      ],
    });
  });

  it("unescapes strings as Python does, raw strings stay raw", () => {
    const read = readPythonCalls(`pyautogui.typewrite('it\\'s\\n\\tdone \\\\ ok'); pyautogui.typewrite(r'C:\\new'); pyautogui.write("""a\nb""")`);
    expect(read.ok && read.statements.map((s) => (s.kind === "call" ? s.args[0] : null))).toEqual(["it's\n\tdone \\ ok", "C:\\new", "a\nb"]);
  });

  it("refuses anything that is not a plain call", () => {
    for (const code of ["x = 5\npyautogui.click(x, 3)", "for i in range(3):\n  pyautogui.press('down')", "pyautogui.click(100 + 20, 5)", "pyautogui.typewrite(f'{name}')", "pyautogui.click(pyautogui.locateCenterOnScreen('ok.png'))", "from os import system"]) {
      expect(readPythonCalls(code).ok, code).toBe(false);
    }
  });
});

describe("pyautogui calls to canonical actions", () => {
  it("maps clicks with their button and press count", () => {
    expect(actions("pyautogui.click(100, 200)")).toEqual([{ type: "click", x: 100, y: 200 }]);
    expect(actions("pyautogui.click(x=100, y=200, button='right')")).toEqual([{ type: "click", x: 100, y: 200, button: "right" }]);
    expect(actions("pyautogui.rightClick(5, 6)")).toEqual([{ type: "click", x: 5, y: 6, button: "right" }]);
    expect(actions("pyautogui.click((7, 8), clicks=2)")).toEqual([{ type: "double_click", x: 7, y: 8 }]);
    expect(actions("pyautogui.doubleClick(7, 8)")).toEqual([{ type: "double_click", x: 7, y: 8 }]);
    expect(actions("pyautogui.tripleClick(7, 8)")).toEqual([{ type: "click", x: 7, y: 8, clicks: 3 }]);
    expect(actions("pyautogui.middleClick(7, 8)")).toEqual([{ type: "click", x: 7, y: 8, button: "middle" }]);
  });

  it("moveTo then click() is one click where the pointer went; a lone moveTo is a hover", () => {
    expect(actions("pyautogui.moveTo(300, 400)\npyautogui.click()")).toEqual([{ type: "click", x: 300, y: 400 }]);
    expect(actions("pyautogui.moveTo(300, 400, duration=0.5)")).toEqual([{ type: "hover", x: 300, y: 400 }]);
    expect(actions("pyautogui.moveTo(1, 1); pyautogui.click(300, 400)")).toEqual([{ type: "hover", x: 1, y: 1 }, { type: "click", x: 300, y: 400 }]);
  });

  it("acts at the pointer a previous step left behind, and reports a pointer nobody set", () => {
    expect(actions("pyautogui.click()", { x: 9, y: 9 })).toEqual([{ type: "click", x: 9, y: 9 }]);
    expect(reason("pyautogui.click()")).toMatch(/current pointer position/);
  });

  it("drags from the previous position: dragTo, drag and mouseDown ... mouseUp", () => {
    expect(actions("pyautogui.moveTo(10, 20)\npyautogui.dragTo(110, 220, duration=1)")).toEqual([{ type: "drag", from: { x: 10, y: 20 }, to: { x: 110, y: 220 } }]);
    expect(actions("pyautogui.dragTo(110, 220, button='left')", { x: 1, y: 2 })).toEqual([{ type: "drag", from: { x: 1, y: 2 }, to: { x: 110, y: 220 } }]);
    expect(actions("pyautogui.drag(30, -10)", { x: 100, y: 100 })).toEqual([{ type: "drag", from: { x: 100, y: 100 }, to: { x: 130, y: 90 } }]);
    expect(actions("pyautogui.mouseDown(10, 10); pyautogui.moveTo(50, 60); pyautogui.mouseUp()")).toEqual([{ type: "drag", from: { x: 10, y: 10 }, to: { x: 50, y: 60 } }]);
    expect(actions("pyautogui.mouseDown(10, 10); pyautogui.mouseUp()")).toEqual([{ type: "click", x: 10, y: 10 }]);
    expect(reason("pyautogui.dragTo(5, 5)")).toMatch(/drags from the current pointer position/);
    expect(reason("pyautogui.dragTo(5, 5, button='right')", { x: 0, y: 0 })).toMatch(/another button/);
    expect(reason("pyautogui.mouseDown(1, 1)")).toMatch(/still down/);
  });

  it("keeps a scroll's notches and where it happened; negative is down, hscroll positive is right", () => {
    expect(actions("pyautogui.scroll(-5)")).toEqual([{ type: "scroll", direction: "down", amount: 5 }]);
    expect(actions("pyautogui.scroll(3, x=640, y=360)")).toEqual([{ type: "scroll", direction: "up", amount: 3, from: { x: 640, y: 360 } }]);
    expect(actions("pyautogui.moveTo(640, 360); pyautogui.scroll(-2)")).toEqual([{ type: "scroll", direction: "down", amount: 2, from: { x: 640, y: 360 } }]);
    expect(actions("pyautogui.hscroll(4)", { x: 1, y: 1 })).toEqual([{ type: "scroll", direction: "right", amount: 4, from: { x: 1, y: 1 } }]);
  });

  it("types, presses and chords keys; Enter alone is enter", () => {
    expect(actions("pyautogui.typewrite('hello world', interval=0.05)")).toEqual([{ type: "type", text: "hello world" }]);
    expect(actions("pyautogui.write('x')")).toEqual([{ type: "type", text: "x" }]);
    expect(actions("pyautogui.typewrite(['a', 'b', 'enter'])")).toEqual([{ type: "type", text: "ab" }, { type: "enter" }]);
    expect(actions("pyautogui.press('enter')")).toEqual([{ type: "enter" }]);
    expect(actions("pyautogui.press('tab', presses=2)")).toEqual([{ type: "hotkey", keys: ["tab"] }, { type: "hotkey", keys: ["tab"] }]);
    expect(actions("pyautogui.press(['down', 'enter'])")).toEqual([{ type: "hotkey", keys: ["down"] }, { type: "enter" }]);
    expect(actions("pyautogui.hotkey('ctrl', 'shift', 't')")).toEqual([{ type: "hotkey", keys: ["ctrl", "shift", "t"] }]);
    expect(actions("pyautogui.keyDown('ctrl'); pyautogui.press('c'); pyautogui.keyUp('ctrl')")).toEqual([{ type: "hotkey", keys: ["ctrl", "c"] }]);
    expect(reason("pyautogui.keyDown('shift'); pyautogui.click(1, 1); pyautogui.keyUp('shift')")).toMatch(/held down/);
  });

  it("keeps several calls of one step in order", () => {
    expect(actions("import pyautogui\nimport time\npyautogui.click(500, 300)\ntime.sleep(0.5)\npyautogui.hotkey('ctrl', 'a')\npyautogui.typewrite('Hello')\npyautogui.press('enter')")).toEqual([
      { type: "click", x: 500, y: 300 },
      { type: "hotkey", keys: ["ctrl", "a"] },
      { type: "type", text: "Hello" },
      { type: "enter" },
    ]);
  });

  it("a step that only sleeps is a wait", () => {
    expect(actions("time.sleep(2)")).toEqual([{ type: "wait", seconds: 2 }]);
  });

  it("reports what it cannot map with the reason, never a guess", () => {
    expect(reason("import subprocess\nsubprocess.run(['ls'])")).toMatch(/imports subprocess/);
    expect(reason("pyautogui.click('submit.png')")).toMatch(/image on the live screen/);
    expect(reason("pyautogui.locateOnScreen('a.png')")).toMatch(/not an action Verity reads/);
    expect(reason("os.system('rm -rf /')")).toMatch(/not a pyautogui or time call/);
    expect(reason("")).toMatch(/no action/);
  });
});

// The code UI-TARS' OSWorld adapter writes (tests/support/fixtures/osworld-uitars-fixture.ts
// builds it as the adapter does): a '''thought''' string, then pyperclip.copy + ctrl+v to type.
describe("UI-TARS' code: typing by pasting, space as ' '", () => {
  const mapped = (code: string) => {
    const result = mapPyautoguiCode(code, null);
    if (!result.ok) throw new Error(`not mapped: ${result.reason}`);
    return result;
  };

  it("reads the opening thought string as Python does: evaluated and thrown away", () => {
    const code = uitarsCode("The user's file is on the \"Desktop\".\nClick it.", [{ kind: "click", x: 960, y: 540.5 }]);
    expect(code).toMatch(/^import pyautogui\nimport time\n'''\nObservation:/);
    expect(actions(code)).toEqual([{ type: "click", x: 960, y: 540.5 }]);
    // A thought holding ''' ends the string early: Python refuses that code, so does the reader.
    expect(reason(uitarsCode("use ''' here", [{ kind: "click", x: 1, y: 1 }]))).toMatch(/not a plain list/);
  });

  it("a copy and the ctrl+v after it are one type of the copied text, escaped quotes read as Python reads them", () => {
    const result = mapped(uitarsCode("Type the name.", [{ kind: "type", content: "it's \"done\" \\o/" }]));
    expect(result.actions).toEqual([{ type: "type", text: "it's \"done\" \\o/" }]);
    expect(result.notes).toContain("typed by pasting: pyperclip.copy, then ctrl+v");
    expect(actions("import pyperclip as clip\nclip.copy(text='''two\nlines''')\npyautogui.hotkey('ctrl', 'v')")).toEqual([{ type: "type", text: "two\nlines" }]);
    expect(actions("import pyperclip\npyperclip.copy('x')\npyautogui.keyDown('ctrl'); pyautogui.press('v'); pyautogui.keyUp('ctrl')")).toEqual([{ type: "type", text: "x" }]);
  });

  it("text that ended with a newline is typed, then Enter is pressed: two actions, as the code did", () => {
    expect(actions(uitarsCode("Submit.", [{ kind: "type", content: "example.org\n" }]))).toEqual([{ type: "type", text: "example.org" }, { type: "enter" }]);
  });

  it("a newline inside the text leaves a string open on its line: Python refused the code, so nothing was typed", () => {
    expect(reason(uitarsCode("Two lines.", [{ kind: "type", content: "first\nsecond" }]))).toMatch(/not closed on its line.*SyntaxError/);
  });

  it("a copy nothing pastes is a clipboard set: no action type is guessed, the notes name it", () => {
    expect(reason("import pyperclip\npyperclip.copy('draft')")).toMatch(/pyperclip.copy\("draft"\) sets the clipboard and nothing in this code pastes it/);
    const withClick = mapped("import pyperclip\npyperclip.copy('draft')\npyautogui.click(5, 5)");
    expect(withClick.actions).toEqual([{ type: "click", x: 5, y: 5 }]);
    expect(withClick.notes.join("; ")).toMatch(/clipboard set is not an action/);
  });

  it("a paste with no copy just before it is the ctrl+v chord it is", () => {
    expect(actions("pyautogui.hotkey('ctrl', 'v')")).toEqual([{ type: "hotkey", keys: ["ctrl", "v"] }]);
    expect(actions("import pyperclip\npyperclip.copy('a')\npyautogui.hotkey('ctrl', 'c')\npyautogui.hotkey('ctrl', 'v')")).toEqual([
      { type: "hotkey", keys: ["ctrl", "c"] },
      { type: "hotkey", keys: ["ctrl", "v"] },
    ]);
    expect(reason("import pyperclip\npyperclip.paste()")).toMatch(/pyperclip.paste\(\) is not read/);
  });

  it("hotkey(' ') is a press of space, in a chord too", () => {
    expect(actions(uitarsCode("Toggle.", [{ kind: "hotkey", keys: "space" }]))).toEqual([{ type: "hotkey", keys: ["space"] }]);
    expect(actions("pyautogui.hotkey('ctrl', ' ')")).toEqual([{ type: "hotkey", keys: ["ctrl", "space"] }]);
    expect(actions("pyautogui.press(' ')")).toEqual([{ type: "hotkey", keys: ["space"] }]);
  });
});

describe("computer_13 actions", () => {
  const one = (value: unknown, pointer: { x: number; y: number } | null = null) => mapComputer13Action(value, pointer);

  it("maps each action type, with parameters nested or flat", () => {
    expect(one({ action_type: "CLICK", parameters: { x: 10, y: 20, button: "right" } })).toMatchObject({ ok: true, actions: [{ type: "click", x: 10, y: 20, button: "right" }] });
    expect(one({ action_type: "CLICK", x: 10, y: 20, num_clicks: 2 })).toMatchObject({ ok: true, actions: [{ type: "double_click", x: 10, y: 20 }] });
    expect(one({ action_type: "MOVE_TO", parameters: { x: 5, y: 6 } })).toMatchObject({ ok: true, actions: [{ type: "hover", x: 5, y: 6 }], pointer: { x: 5, y: 6 } });
    expect(one({ action_type: "DRAG_TO", parameters: { x: 50, y: 60 } }, { x: 5, y: 6 })).toMatchObject({ ok: true, actions: [{ type: "drag", from: { x: 5, y: 6 }, to: { x: 50, y: 60 } }] });
    expect(one({ action_type: "SCROLL", parameters: { dx: 0, dy: -3 } })).toMatchObject({ ok: true, actions: [{ type: "scroll", direction: "down", amount: 3 }] });
    expect(one({ action_type: "TYPING", parameters: { text: "hi" } })).toMatchObject({ ok: true, actions: [{ type: "type", text: "hi" }] });
    expect(one({ action_type: "PRESS", parameters: { key: "enter" } })).toMatchObject({ ok: true, actions: [{ type: "enter" }] });
    expect(one({ action_type: "HOTKEY", parameters: { keys: ["ctrl", "s"] } })).toMatchObject({ ok: true, actions: [{ type: "hotkey", keys: ["ctrl", "s"] }] });
    expect(one("WAIT")).toMatchObject({ ok: true, actions: [{ type: "wait" }] });
    expect(one("DONE")).toMatchObject({ ok: true, actions: [{ type: "finish" }] });
    expect(one({ action_type: "FAIL" })).toMatchObject({ ok: true, actions: [{ type: "finish", isInfeasible: true }] });
  });

  it("reports half gestures and a click at an unknown pointer", () => {
    expect(one({ action_type: "MOUSE_DOWN", parameters: {} })).toMatchObject({ ok: false, reason: expect.stringMatching(/spans several steps/) });
    expect(one({ action_type: "CLICK", parameters: {} })).toMatchObject({ ok: false, reason: expect.stringMatching(/current pointer position/) });
    expect(one({ action_type: "TELEPORT" })).toMatchObject({ ok: false, reason: expect.stringMatching(/unknown computer_13/) });
  });
});
