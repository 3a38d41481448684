// Maps one turn of a UI-Venus-2 run (inclusionAI/UI-Venus @ 81945ac, models/mobile/
// mobile_example.py) onto the canonical action union. The runner parses the model's call
// (`Click(point=(897, 937))`, L135-148) and normalises it (L164-194) into `parsed_action`:
// `action_type` from ACTION_NAME_MAP (L85-102), `action_pos` the points in device pixels
// (L173-182, through to_pixel L151-161), `input` the text, `app_name`, `duration` in ms.
//
//   model call            action_type      canonical action (pixels from action_pos)
//   Click(point)          CLK              click(x, y)
//   DoubleClick(point)    DoubleCLK        double_click(x, y)
//   LongPress(point)      LongPress        long_press(x, y)
//   Swipe(start, end)     SWIPE            scroll(from -> to)
//   Drag(start, end)      SWIPE, 1000 ms   drag(from -> to)
//   Type(content)         INPUT            type(input)    (the runner's text, L187)
//   LaunchApp(app)        REOPEN           open_app(app_name)
//   Wait()                WAIT             wait(duration / 1000 s)
//   CallUser(content)     CallUser         call_user(input)
//   Answer(content)       CallUser         call_user(input): it answers and does not end the run
//   GetScreenshot()       get_screenshot   none (saves a screenshot to the album); not invalid
//   PressBack()           BACK             back
//   PressHome()           PressHome        home
//   PressEnter()          PressEnter       enter
//   PressRecent()         PressMenu        recent
//   Finished(content)     SUCCESS          finish(input): the agent's own claim, not an outcome
//
// `action_type` decides, because it is what the runner would execute; the model's name only
// tells apart what the runner merges (Swipe / Drag, CallUser / Answer). Pixels are taken from
// `action_pos` only; the model's grid point is kept (see readModelCall) for the import to
// check which grid the file used, never converted here. A point action without its pixels,
// and an action the runner could not name (action_type null), are invalid.
import { z } from "zod";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

/** `action_pos` is in device pixels, which are the screenshot's pixels (get_image_size, L110-114). */
export const VENUS2_PIXELS: CoordinateContract = { format: "xyxy", unit: "px" };

const PixelPoint = z.tuple([z.number(), z.number()]);

export const ParsedActionSchema = z.looseObject({
  action_type: z.string().nullish().transform((type) => type ?? null),
  action_pos: z.array(PixelPoint).nullish().transform((points) => points ?? []),
  input: z.string().nullish(),
  duration: z.number().nullish(),
  app_name: z.string().nullish(),
});
export type ParsedAction = z.infer<typeof ParsedActionSchema>;

/** ACTION_NAME_MAP (L85-102): what the runner names each of the model's calls. */
const ACTION_TYPE_OF: Record<string, string> = {
  Click: "CLK",
  DoubleClick: "DoubleCLK",
  LongPress: "LongPress",
  Swipe: "SWIPE",
  Drag: "SWIPE",
  Type: "INPUT",
  LaunchApp: "REOPEN",
  Wait: "WAIT",
  CallUser: "CallUser",
  GetScreenshot: "get_screenshot",
  PressBack: "BACK",
  PressHome: "PressHome",
  PressEnter: "PressEnter",
  PressRecent: "PressMenu",
  Answer: "CallUser",
  Finished: "SUCCESS",
};

export type GridPair = [number, number];

/** The model's call as written: its name and its points on the model's grid, in the order
 * the runner converts them (point, or start then end). */
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

export type MappedTurn = {
  action: Action | null;
  /** Whether the action carries pixels (the step's contract applies). */
  isLocated: boolean;
  /** The model's reply gave nothing the runner could execute. */
  isInvalid: boolean;
  notes: string[];
};

const point = (p: readonly [number, number]) => ({ x: p[0], y: p[1] });

type Built = { built: unknown; isLocated: boolean } | { problem: string; isInvalid: boolean };

function build(parsed: ParsedAction, call: ModelCall | null): Built {
  const pos = parsed.action_pos;
  const text = parsed.input ?? "";
  switch (parsed.action_type) {
    case "CLK":
    case "DoubleCLK":
    case "LongPress": {
      if (pos.length !== 1) return { problem: `${parsed.action_type} needs one point in action_pos, got ${pos.length}`, isInvalid: true };
      const type = parsed.action_type === "CLK" ? "click" : parsed.action_type === "DoubleCLK" ? "double_click" : "long_press";
      return { built: { type, ...point(pos[0]!) }, isLocated: true };
    }
    case "SWIPE": {
      if (pos.length !== 2) return { problem: `SWIPE needs a start and an end in action_pos, got ${pos.length} points`, isInvalid: true };
      // Drag is SWIPE held for 1000 ms (L183-184): the name says which, the duration when it is missing.
      const isDrag = call ? call.name === "Drag" : parsed.duration === 1000;
      return { built: { type: isDrag ? "drag" : "scroll", from: point(pos[0]!), to: point(pos[1]!) }, isLocated: true };
    }
    case "INPUT":
      return { built: { type: "type", text }, isLocated: false };
    case "REOPEN":
      return { built: { type: "open_app", name: parsed.app_name ?? "" }, isLocated: false };
    case "WAIT":
      return { built: { type: "wait", ...(parsed.duration && parsed.duration > 0 ? { seconds: parsed.duration / 1000 } : {}) }, isLocated: false };
    case "CallUser":
      return { built: { type: "call_user", text }, isLocated: false };
    case "get_screenshot":
      return { problem: "GetScreenshot (save a screenshot to the album) has no canonical action", isInvalid: false };
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
      return { problem: call ? `the runner knows no action "${call.name}" (action_type is null)` : "the reply holds no action the runner could read (action_type is null)", isInvalid: true };
    default:
      return { problem: `unknown action_type "${parsed.action_type}"`, isInvalid: true };
  }
}

export function mapVenus2Action(parsed: ParsedAction, call: ModelCall | null): MappedTurn {
  const notes: string[] = [];
  const expected = call ? ACTION_TYPE_OF[call.name] : undefined;
  if (expected !== undefined && parsed.action_type !== null && expected !== parsed.action_type) {
    notes.push(`the model called ${call!.name}, parsed_action says ${parsed.action_type}; parsed_action is used`);
  }
  const result = build(parsed, call);
  if ("problem" in result) return { action: null, isLocated: false, isInvalid: result.isInvalid, notes: [...notes, result.problem] };
  const checked = ActionSchema.safeParse(result.built);
  if (!checked.success) return { action: null, isLocated: false, isInvalid: true, notes: [...notes, `${parsed.action_type}: ${describeZodError(checked.error)}`] };
  return { action: checked.data, isLocated: result.isLocated, isInvalid: false, notes };
}
