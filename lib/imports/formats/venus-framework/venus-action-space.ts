// The UI-Venus family's action dict onto Verity's canonical actions: the one mapping both
// importers that read it use, the Venus_framework episodes (`step_data.action`,
// venus-steps.ts) and UI-Venus-2's example run output (`turn.parsed_action`, ui-venus2-run.ts).
// Every UI-Venus runner turns the model's call into the same dict (inclusionAI/UI-Venus @
// 81945ac): `action_type`, `action_pos` (points in device pixels, measured on the step's own
// screenshot), `input`, `app_name`, `duration` in ms. Written by
// Venus_framework_mobile/policy/ui_venus_policy.py:189-207 (UI-Venus-1.5's names),
// policy/ui_venus_2_policy.py:18-35 with its _parse_to_action_dict, and
// models/mobile/mobile_example.py L85-102 and L164-194 (UI-Venus-2's names); the framework
// executes it in app/run_handler.py:403-455 (_execute_action).
//
//   action_type     canonical            the model's call
//   CLK             click(x,y)           Click(box | point)
//   DoubleCLK       double_click(x,y)    DoubleClick (2 only)
//   LongPress       long_press(x,y)      LongPress
//   SWIPE           scroll(from->to)     Scroll (1.5), Swipe (2), a preset SWIPE_UP etc. (1.5)
//   SWIPE           drag(from->to)       Drag (both)
//   INPUT           type(text)           Type(content)
//   REOPEN          open_app(name)       Launch (1.5) / LaunchApp (2)
//   BACK            back                 PressBack
//   PressHome       home                 PressHome
//   PressEnter      enter                PressEnter
//   PressMenu       recent               PressRecent
//   WAIT            wait(duration s)     Wait (duration 1000 ms)
//   SUCCESS         finish(answer)       Finished(content): the agent's claim, not an outcome
//   CallUser        call_user(text)      CallUser / Answer(content)
//   get_screenshot  (none, not invalid)  GetScreenshot: saves a screenshot to the album
//   None / other    (none, invalid)      a call the runner could not name
//
// SWIPE is one action_type for two of the model's calls, and its execution cannot tell them
// apart: _execute_action hands every SWIPE to ADBController.swipe, which replaces the duration
// it is given by one from the distance (1 to 2 s) and runs `adb shell input swipe x1 y1 x2 y2 d`
// (device/adb_controller.py:103-127, the duration at :116-118), so a Drag's 1000 ms changes
// nothing on the device. The model's call does tell them apart: Swipe (2) and Scroll (1.5) are
// "drag from start to end, to scroll for content, switch tabs, pull down the notification
// shade" (processor/ui_venus_2_processor.py:18-19, processor/uivenus_processor.py:15-16), the
// finger's path of a scroll, as GUI-Odyssey's SCROLL with its two touch points is read; Drag is
// "long-press at start for a few seconds, then drag to end, for layouts, sliders, slider
// captchas" (ui_venus_2_processor.py:15-16, uivenus_processor.py:13-14), a drag. So the model's
// call name decides; without a readable call, a duration of 1000 ms is a Drag (UI-Venus-2's
// runners set it for Drag only: mobile_example.py L183-184, ui_venus_2_policy.py
// _parse_to_action_dict), and anything else is taken as a scroll, which the mapping then says.
import { ActionSchema, type Action } from "@/lib/domain/actions";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

/** The runner's dict, as each importer's schema has read it. */
export type VenusActionDict = {
  action_type?: string | null;
  action_pos?: readonly (readonly number[])[] | null;
  input?: string | null;
  duration?: number | null;
  app_name?: string | null;
};
type Dict = { type: string | null; pos: readonly (readonly number[])[]; input: string; duration: number | null; app: string | null };

/** The model's call as written: its name and its points on the model's grid, in the order
 * the runner converts them (point, or start then end). */
export type GridPair = [number, number];
export type ModelCall = { name: string; points: GridPair[] };

const CALL = /^\s*(\w+)\s*\(([\s\S]*)\)\s*$/;
const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
const POINT_ARGUMENT = new RegExp(String.raw`\b(point|box|start|end)\s*=\s*[(\[]\s*${NUMBER}\s*,\s*${NUMBER}\s*[)\]]`, "g");

export function readModelCall(action: string | null | undefined): ModelCall | null {
  const match = action ? CALL.exec(action) : null;
  if (!match) return null;
  const found = new Map<string, GridPair>();
  // Text arguments (content='...') may hold anything, `point=(1, 2)` included: only the
  // arguments before the first quote are read for points.
  const head = match[2]!.split(/['"]/)[0]!;
  for (const m of head.matchAll(POINT_ARGUMENT)) if (!found.has(m[1]!)) found.set(m[1]!, [Number(m[2]), Number(m[3])]);
  const point = found.get("point") ?? found.get("box");
  const points = point ? [point] : [found.get("start"), found.get("end")].filter((p): p is GridPair => p !== undefined);
  return { name: match[1]!, points };
}

/** The call inside a reply's `<action>` tag, or the whole text when it has no tag (UI-Venus-1.5
 * reads the reply itself then: ui_venus_policy.py _parse_response). */
export function actionTextOf(reply: string | null | undefined): string | null {
  if (!reply) return null;
  const tagged = /<action>([\s\S]*?)<\/action>/.exec(reply);
  return (tagged ? tagged[1]! : reply).trim() || null;
}

export type MappedVenusAction = {
  action: Action | null;
  /** Whether the action carries pixels (a pixel contract applies to it). */
  isLocated: boolean;
  /** The step acted outside the action space (the runner could not execute it): a reward input. */
  isInvalid: boolean;
  /** What the report should say about the mapping. */
  notes: string[];
};

const point = (p: readonly number[]) => ({ x: p[0]!, y: p[1]! });

type Built = { built: unknown; isLocated: boolean; note?: string } | { problem: string; isInvalid: boolean };

function swipe(pos: readonly (readonly number[])[], duration: number | null | undefined, call: ModelCall | null): Built {
  if (pos.length !== 2 || pos.some((p) => p.length !== 2)) return { problem: `SWIPE needs a start and an end in action_pos, got ${pos.length} points`, isInvalid: true };
  const isDrag = call ? call.name === "Drag" : duration === 1000;
  const guessed = call ? undefined : `SWIPE without a readable model call: taken as ${isDrag ? "a Drag (its 1000 ms duration)" : "a scroll (Swipe / Scroll), as no Drag duration is set"}`;
  return { built: { type: isDrag ? "drag" : "scroll", from: point(pos[0]!), to: point(pos[1]!) }, isLocated: true, ...(guessed ? { note: guessed } : {}) };
}

function build(dict: Dict, call: ModelCall | null): Built {
  const { pos, input: text } = dict;
  switch (dict.type) {
    case "CLK":
    case "DoubleCLK":
    case "LongPress": {
      if (pos.length !== 1 || pos[0]!.length !== 2) return { problem: `${dict.type} needs one point in action_pos, got ${pos.length}`, isInvalid: true };
      const type = dict.type === "CLK" ? "click" : dict.type === "DoubleCLK" ? "double_click" : "long_press";
      return { built: { type, ...point(pos[0]!) }, isLocated: true };
    }
    case "SWIPE":
      return swipe(pos, dict.duration, call);
    case "INPUT":
      return { built: { type: "type", text }, isLocated: false };
    case "REOPEN": {
      const name = dict.app?.trim();
      return name ? { built: { type: "open_app", name }, isLocated: false } : { problem: "REOPEN without an app_name", isInvalid: true };
    }
    case "WAIT":
      return { built: { type: "wait", ...(dict.duration && dict.duration > 0 ? { seconds: dict.duration / 1000 } : {}) }, isLocated: false };
    case "CallUser":
      return { built: { type: "call_user", text }, isLocated: false };
    case "get_screenshot":
      return { problem: "GetScreenshot (save a screenshot to the album) has no canonical action; the raw action is kept", isInvalid: false };
    case "BACK":
      return { built: { type: "back" }, isLocated: false };
    case "PressHome":
      return { built: { type: "home" }, isLocated: false };
    case "PressEnter":
      return { built: { type: "enter" }, isLocated: false };
    case "PressMenu":
      return { built: { type: "recent" }, isLocated: false };
    case "SUCCESS":
      return { built: text.trim() ? { type: "finish", answer: text } : { type: "finish" }, isLocated: false };
    case null:
      return { problem: call ? `the runner knows no action "${call.name}" (action_type is None)` : "action_type is None: the reply holds no action the runner could name", isInvalid: true };
    default:
      return { problem: `unknown action_type "${dict.type}"`, isInvalid: true };
  }
}

/** One action dict of a UI-Venus runner, with the model's call when the step's text has one. */
export function mapVenusActionDict(dict: VenusActionDict, call: ModelCall | null): MappedVenusAction {
  const type = dict.action_type ?? null;
  const result = build({ type, pos: dict.action_pos ?? [], input: dict.input ?? "", duration: dict.duration ?? null, app: dict.app_name ?? null }, call);
  if ("problem" in result) return { action: null, isLocated: false, isInvalid: result.isInvalid, notes: [result.problem] };
  const checked = ActionSchema.safeParse(result.built);
  if (!checked.success) return { action: null, isLocated: false, isInvalid: true, notes: [`${type}: ${describeZodError(checked.error)}`] };
  return { action: checked.data, isLocated: result.isLocated, isInvalid: false, notes: result.note ? [result.note] : [] };
}
