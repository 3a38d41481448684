// Maps AndroidWorld's JSONAction (google-research/android_world @ d9c569f,
// android_world/env/json_action.py L24-115) onto the canonical action union, in the
// screenshot's pixels: the screenshot is the device's frame (state.pixels) and x / y and the UI
// elements' `bbox_pixels` are device pixels (env/representation_utils.py L90-93), so nothing is
// scaled. What the executor does decides each mapping (env/actuation.py L42-200):
//   - click / double_tap / long_press with `index`: it acts at int() of the centre of that UI
//     element's bbox_pixels (L46-56); the element's box is kept as `element`. Without the
//     element in the step (no list, index out of range) the index stays as `elementLabel`.
//   - input_text: focuses the element (index or x/y) by a click first, types, then presses
//     Enter (L74-107): a `type`, with the element when known.
//   - scroll: a swipe inside the element (index) or the whole screen, in AndroidWorld's
//     `direction` (L136-162): direction as written, the element when known.
//   - swipe: "inverse of scroll", edge to edge through the screen's middle (L164-187): a drag in
//     screen fractions (contract 0-1), which the writer turns into the screenshot's pixels.
//   - status: the agent's end of the episode, its own claim (`goal_status` "infeasible" is a
//     claim that the task cannot be done, not of success); answer: the agent's answer, which
//     AndroidWorld's information-retrieval tasks check: a `finish` with the answer, although the
//     episode goes on until the status action.
//   - keycode / clear_text, which no canonical action has, stay in the step's extra.
import { z } from "zod";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import type { PickleValue } from "@/lib/imports/pickle/pickle-values";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

export type MappedAction = { action: Action | null; contract: CoordinateContract | null; note: string | null };

const PIXELS: CoordinateContract = { format: "xyxy", unit: "px" };
const SCREEN_FRACTIONS: CoordinateContract = { format: "xyxy", unit: "0-1" };

const Num = z.number().finite();
export const JsonActionSchema = z.object({
  action_type: z.string(),
  index: z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]).nullish(),
  x: Num.nullish(),
  y: Num.nullish(),
  text: z.string().nullish(),
  direction: z.string().nullish(),
  goal_status: z.string().nullish(),
  app_name: z.string().nullish(),
  keycode: z.string().nullish(),
  clear_text: z.boolean().nullish(),
});
export type JsonAction = z.infer<typeof JsonActionSchema>;

const BoxSchema = z.object({ x_min: Num, x_max: Num, y_min: Num, y_max: Num });
const ElementSchema = z.object({ bbox_pixels: BoxSchema.nullish() }).passthrough();

type Box = [number, number, number, number];

/** The step's UI element `index` names, as [x1, y1, x2, y2] device pixels, or why there is none. */
function elementBox(elements: readonly PickleValue[] | null, index: number): Box | string {
  if (!elements) return `element ${index} is named, but the step holds no UI element list`;
  if (index < 0 || index >= elements.length) return `element ${index} is out of range (the step lists ${elements.length})`;
  const parsed = ElementSchema.safeParse(elements[index]);
  if (!parsed.success || !parsed.data.bbox_pixels) return `element ${index} has no bbox_pixels`;
  const b = parsed.data.bbox_pixels;
  return [b.x_min, b.y_min, b.x_max, b.y_max];
}

const SWIPES: Record<string, { from: { x: number; y: number }; to: { x: number; y: number } }> = {
  down: { from: { x: 0.5, y: 0 }, to: { x: 0.5, y: 1 } },
  up: { from: { x: 0.5, y: 1 }, to: { x: 0.5, y: 0 } },
  left: { from: { x: 0, y: 0.5 }, to: { x: 1, y: 0.5 } },
  right: { from: { x: 1, y: 0.5 }, to: { x: 0, y: 0.5 } },
};

function located(action: JsonAction, elements: readonly PickleValue[] | null, notes: string[]): { x?: number; y?: number; element?: Box; elementLabel?: string } {
  if (action.index != null) {
    const box = elementBox(elements, action.index);
    if (typeof box === "string") {
      notes.push(`${box}: the action keeps the index as its element label`);
      return { elementLabel: String(action.index) };
    }
    return { x: Math.trunc((box[0] + box[2]) / 2), y: Math.trunc((box[1] + box[3]) / 2), element: box };
  }
  if (action.x != null && action.y != null) return { x: Math.trunc(action.x), y: Math.trunc(action.y) };
  return {};
}

function build(action: JsonAction, elements: readonly PickleValue[] | null, notes: string[]): { built: unknown; contract: CoordinateContract | null } {
  switch (action.action_type) {
    case "click":
      return { built: { type: "click", ...located(action, elements, notes) }, contract: PIXELS };
    case "double_tap":
      return { built: { type: "double_click", ...located(action, elements, notes) }, contract: PIXELS };
    case "long_press":
      return { built: { type: "long_press", ...located(action, elements, notes) }, contract: PIXELS };
    case "input_text": {
      const { element, elementLabel } = located(action, elements, notes);
      return { built: { type: "type", text: action.text ?? "", ...(element ? { element } : {}), ...(elementLabel ? { elementLabel } : {}) }, contract: PIXELS };
    }
    case "scroll": {
      // actuation.py L139 tests `if action.index:`, so index 0 scrolls the whole screen.
      const { element, elementLabel } = action.index ? located(action, elements, notes) : {};
      return { built: { type: "scroll", direction: action.direction ?? undefined, ...(element ? { element } : {}), ...(elementLabel ? { elementLabel } : {}) }, contract: PIXELS };
    }
    case "swipe": {
      const swipe = SWIPES[action.direction ?? ""];
      return { built: swipe ? { type: "drag", ...swipe } : undefined, contract: SCREEN_FRACTIONS };
    }
    case "navigate_back":
      return { built: { type: "back" }, contract: null };
    case "navigate_home":
      return { built: { type: "home" }, contract: null };
    case "keyboard_enter":
      return { built: { type: "enter" }, contract: null };
    case "open_app":
      return { built: { type: "open_app", name: action.app_name ?? undefined }, contract: null };
    case "wait":
      return { built: { type: "wait" }, contract: null };
    case "status":
      return { built: action.goal_status === "infeasible" ? { type: "finish", isInfeasible: true } : { type: "finish" }, contract: null };
    case "answer":
      return { built: action.text == null ? { type: "finish" } : { type: "finish", answer: action.text }, contract: null };
    default:
      return { built: undefined, contract: null };
  }
}

export function mapAndroidWorldAction(value: unknown, elements: readonly PickleValue[] | null): MappedAction {
  const parsed = JsonActionSchema.safeParse(value);
  if (!parsed.success) return { action: null, contract: null, note: `the action is not a JSONAction: ${describeZodError(parsed.error)}` };
  const notes: string[] = [];
  const { built, contract } = build(parsed.data, elements, notes);
  if (built === undefined) {
    const what = parsed.data.action_type === "unknown" ? 'action_type "unknown" (the agent\'s output could not be parsed)' : `AndroidWorld action "${parsed.data.action_type}" with ${JSON.stringify(parsed.data)}`;
    return { action: null, contract: null, note: `${what} has no canonical action` };
  }
  const result = ActionSchema.safeParse(built);
  if (!result.success) return { action: null, contract: null, note: `${parsed.data.action_type}: ${describeZodError(result.error)}` };
  return { action: result.data, contract, note: notes.length ? notes.join("; ") : null };
}

/** T3A keeps no JSONAction, only the model's text: its action is the first `{...}` after
 * "Action:", as m3a_utils.parse_reason_action_output and agent_utils.extract_json read it
 * (Python literal first, JSON second). Returns null when there is none. */
export function actionFromOutput(output: string): { action: Record<string, unknown> | null; reason: string | null } {
  const reasonMatch = /Reason:([\s\S]*)Action:/.exec(output);
  const actionMatch = /Action:([\s\S]*)/.exec(output);
  const reason = reasonMatch ? reasonMatch[1]!.trim() : null;
  const braces = actionMatch ? /\{[\s\S]*?\}/.exec(actionMatch[1]!) : null;
  if (!braces) return { action: null, reason };
  return { action: parsePythonDict(braces[0]), reason };
}

function parsePythonDict(text: string): Record<string, unknown> | null {
  for (const candidate of [text, pythonLiteralToJson(text)]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // The next reading, or none.
    }
  }
  return null;
}

/** A flat dict literal as Python writes it ('single quotes', None / True / False) in JSON. */
function pythonLiteralToJson(text: string): string {
  return text.replace(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|\bNone\b|\bTrue\b|\bFalse\b/g, (match, single: string | undefined, double: string | undefined) => {
    if (single !== undefined) return JSON.stringify(single.replace(/\\'/g, "'"));
    if (double !== undefined) return match;
    return match === "None" ? "null" : match === "True" ? "true" : "false";
  });
}
