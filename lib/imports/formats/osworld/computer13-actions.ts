// Maps one OSWorld computer_13 action (`{"action_type": "CLICK", "parameters": {...}}`, or the
// parameters beside action_type, as the controller accepts both) onto canonical actions,
// following what desktop_env/controllers/python.py executes for each type:
//   MOVE_TO x,y -> hover (and the pointer moves); CLICK button?,x?,y?,num_clicks? -> click /
//   double_click / click×n at the point or the pointer; RIGHT_CLICK, DOUBLE_CLICK likewise;
//   DRAG_TO x,y -> drag from the pointer; SCROLL dx,dy -> one scroll per axis (dy > 0 up,
//   dx > 0 right: hscroll / vscroll); TYPING text; PRESS key; HOTKEY keys; WAIT / FAIL / DONE.
// MOUSE_DOWN / MOUSE_UP and KEY_DOWN / KEY_UP are half of a gesture spread over several steps:
// each alone has no canonical action, so the step is reported (the pointer still moves).
import { z } from "zod";
import { chord, keyPress, NotMapped, specialAction, validated, wheel, type MappedStep, type Pointer } from "@/lib/imports/formats/osworld/pointer";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

const Coordinate = z.number();
const ActionShape = z.looseObject({ action_type: z.string(), parameters: z.record(z.string(), z.unknown()).nullish() });
const Button = z.enum(["left", "right", "middle"]).optional();
const OptionalPoint = z.object({ x: Coordinate.optional(), y: Coordinate.optional() });
const Click = OptionalPoint.extend({ button: Button, num_clicks: z.number().int().min(1).optional() });
const Point = z.object({ x: Coordinate, y: Coordinate });
const Scroll = z.object({ dx: z.number().optional(), dy: z.number().optional() });

function parametersOf(action: z.infer<typeof ActionShape>): Record<string, unknown> {
  if (action.parameters) return action.parameters;
  const { action_type: _type, parameters: _none, ...flat } = action;
  return flat;
}

function at(parameters: z.infer<typeof OptionalPoint>, pointer: Pointer, type: string) {
  if ((parameters.x === undefined) !== (parameters.y === undefined)) throw new NotMapped(`${type}: x and y must be given together`);
  if (parameters.x !== undefined && parameters.y !== undefined) return { x: parameters.x, y: parameters.y };
  if (!pointer) throw new NotMapped(`${type} acts at the current pointer position, which no earlier step of this trajectory set`);
  return pointer;
}

function build(type: string, parameters: Record<string, unknown>, pointer: Pointer): { built: unknown[]; pointer: Pointer } {
  switch (type) {
    case "MOVE_TO": {
      const point = Point.parse(parameters);
      return { built: [{ type: "hover", ...point }], pointer: point };
    }
    case "CLICK":
    case "RIGHT_CLICK":
    case "DOUBLE_CLICK": {
      const p = Click.parse(parameters);
      const point = at(p, pointer, type);
      const button = type === "RIGHT_CLICK" ? "right" : (p.button ?? "left");
      const clicks = type === "DOUBLE_CLICK" ? 2 : (p.num_clicks ?? 1);
      const buttonField = button === "left" ? {} : { button };
      const action = clicks === 2 ? { type: "double_click", ...point, ...buttonField } : { type: "click", ...point, ...buttonField, ...(clicks > 2 ? { clicks } : {}) };
      return { built: [action], pointer: point };
    }
    case "DRAG_TO": {
      const to = Point.parse(parameters);
      if (!pointer) throw new NotMapped("DRAG_TO drags from the current pointer position, which no earlier step of this trajectory set");
      return { built: [{ type: "drag", from: pointer, to }], pointer: to };
    }
    case "SCROLL": {
      const { dx, dy } = Scroll.parse(parameters);
      if (dx === undefined && dy === undefined) throw new NotMapped("SCROLL needs dx or dy");
      // The controller runs hscroll(dx) first, then vscroll(dy).
      const built = [...(dx ? [wheel(dx, "horizontal", pointer)] : []), ...(dy ? [wheel(dy, "vertical", pointer)] : [])];
      if (!built.length) throw new NotMapped("SCROLL by 0 in both directions does nothing");
      return { built, pointer };
    }
    case "TYPING":
      return { built: [{ type: "type", text: z.object({ text: z.string() }).parse(parameters).text }], pointer };
    case "PRESS":
      return { built: [keyPress(z.object({ key: z.string().min(1) }).parse(parameters).key)], pointer };
    case "HOTKEY":
      return { built: [chord(z.object({ keys: z.array(z.string().min(1)).min(1) }).parse(parameters).keys)], pointer };
    case "MOUSE_DOWN":
    case "MOUSE_UP":
      throw new NotMapped(`${type} is half of a click or drag that spans several steps; alone it has no canonical action`);
    case "KEY_DOWN":
    case "KEY_UP":
      throw new NotMapped(`${type} is half of a chord that spans several steps; alone it has no canonical action`);
    default:
      throw new NotMapped(`unknown computer_13 action_type "${type}"`);
  }
}

export function mapComputer13Action(value: unknown, pointer: Pointer): MappedStep {
  const special = specialAction(value) ?? (typeof value === "object" && value !== null ? specialAction((value as { action_type?: unknown }).action_type) : null);
  if (special) return { ok: true, actions: [special], notes: [], pointer };
  const shape = ActionShape.safeParse(value);
  if (!shape.success) return { ok: false, reason: `not a computer_13 action: ${describeZodError(shape.error)}`, pointer };
  const type = shape.data.action_type;
  try {
    const { built, pointer: next } = build(type, parametersOf(shape.data), pointer);
    return { ok: true, actions: validated(built), notes: [], pointer: next };
  } catch (error) {
    if (error instanceof NotMapped) return { ok: false, reason: error.message, pointer };
    if (error instanceof z.ZodError) return { ok: false, reason: `${type}: ${describeZodError(error)}`, pointer };
    throw error;
  }
}
