// The canonical action union, in screenshot pixels. Importers map every source's action
// names onto it (keeping the raw model output beside it); nothing downstream knows sources.
// Point actions may lack x/y when the source names a numbered element instead of a place
// (WebVoyager's set-of-marks): then `elementLabel` is required, so no action is unlocatable.
// `select` (choose an option of a drop-down, Mind2Web's SELECT) names its target by box or
// label when the source has one; the option is what matters.
import { z } from "zod";
import { BoxSchema, type Point } from "@/lib/domain/geometry";
import { pointInBox } from "@/lib/domain/point-in-box";

export const ACTION_TYPES = [
  "click",
  "double_click",
  "long_press",
  "hover",
  "type",
  "scroll",
  "drag",
  "hotkey",
  "open_app",
  "back",
  "home",
  "enter",
  "recent",
  "wait",
  "finish",
  "call_user",
  "select",
] as const;
export const ActionTypeSchema = z.enum(ACTION_TYPES);
export type ActionType = z.infer<typeof ActionTypeSchema>;

export const SCROLL_DIRECTIONS = ["up", "down", "left", "right"] as const;
export const MOUSE_BUTTONS = ["left", "right", "middle"] as const;

export const PointObjectSchema = z.object({ x: z.number(), y: z.number() });
export type PointObject = z.infer<typeof PointObjectSchema>;

const common = {
  // The target element's box, where the source knows it (AndroidLab, corrected actions).
  element: BoxSchema.optional(),
  // A numbered element label ("5") for sources without coordinates.
  elementLabel: z.string().trim().min(1).optional(),
};

const xy = { x: z.number().optional(), y: z.number().optional() };

// Desktop sources (pyautogui) say which button and how many presses; absent means one
// left click, which is what every other source records.
const clickExtras = {
  button: z.enum(MOUSE_BUTTONS).optional(),
  clicks: z.number().int().min(1).optional(),
};

type Locatable = { x?: number; y?: number; elementLabel?: string };
const xyTogether = (a: Locatable) => (a.x === undefined) === (a.y === undefined);
const XY_TOGETHER = { message: "x and y must be given together" };
const isLocatable = (a: Locatable) => a.x !== undefined || a.elementLabel !== undefined;
const LOCATABLE = { message: "a point action needs x and y, or an elementLabel" };

function pointAction<T extends ActionType>(type: T) {
  return z.object({ type: z.literal(type), ...xy, ...common }).refine(xyTogether, XY_TOGETHER).refine(isLocatable, LOCATABLE);
}

function bare<T extends ActionType>(type: T) {
  return z.object({ type: z.literal(type), ...common });
}

export const ActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("click"), ...xy, ...clickExtras, ...common }).refine(xyTogether, XY_TOGETHER).refine(isLocatable, LOCATABLE),
  z
    .object({ type: z.literal("double_click"), ...xy, button: clickExtras.button, ...common })
    .refine(xyTogether, XY_TOGETHER)
    .refine(isLocatable, LOCATABLE),
  pointAction("long_press"),
  pointAction("hover"),
  z.object({ type: z.literal("type"), text: z.string(), ...common }),
  z
    .object({
      type: z.literal("scroll"),
      direction: z.enum(SCROLL_DIRECTIONS).optional(),
      from: PointObjectSchema.optional(),
      to: PointObjectSchema.optional(),
      // Wheel notches (pyautogui) or the source's own unit: how far, where it says.
      amount: z.number().positive().optional(),
      ...common,
    })
    .refine((a) => a.direction !== undefined || (a.from !== undefined && a.to !== undefined), {
      message: "scroll needs a direction, or both from and to",
    }),
  z.object({ type: z.literal("drag"), from: PointObjectSchema, to: PointObjectSchema, ...common }),
  z.object({ type: z.literal("hotkey"), keys: z.array(z.string().trim().min(1)).min(1), ...common }),
  z
    .object({
      type: z.literal("open_app"),
      name: z.string().trim().min(1).optional(),
      url: z.string().trim().min(1).optional(),
      ...common,
    })
    .refine((a) => a.name !== undefined || a.url !== undefined, {
      message: "open_app needs a name or a url",
    }),
  bare("back"),
  bare("home"),
  bare("enter"),
  bare("recent"),
  z.object({ type: z.literal("wait"), seconds: z.number().nonnegative().optional(), ...common }),
  // `isInfeasible`: the agent ended by declaring the task impossible (OSWorld's FAIL,
  // GUI-Odyssey's INCOMPLETE), which is a claim of its own and not a claim of success.
  z.object({ type: z.literal("finish"), answer: z.string().optional(), isInfeasible: z.literal(true).optional(), ...common }),
  z.object({ type: z.literal("call_user"), text: z.string(), ...common }),
  z.object({ type: z.literal("select"), option: z.string(), ...xy, ...common }).refine(xyTogether, XY_TOGETHER),
]);
export type Action = z.infer<typeof ActionSchema>;

const toPoint = (p: PointObject): Point => [p.x, p.y];

// The point an action acts at: where a click lands, where a drag or a from->to scroll starts.
// Element boxes are not turned into points: that would invent a coordinate the source never gave.
export function actionPoint(action: Action): Point | null {
  switch (action.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover":
    case "select":
      return action.x !== undefined && action.y !== undefined ? [action.x, action.y] : null;
    case "drag":
      return toPoint(action.from);
    case "scroll":
      return action.from ? toPoint(action.from) : null;
    default:
      return null;
  }
}

function within(a: Point, b: Point, tolerancePx: number): boolean {
  return Math.hypot(a[0] - b[0], a[1] - b[1]) <= tolerancePx;
}

// Two located actions hit the same target when their points are within the tolerance, when
// one's point falls inside the other's known element box (the point-in-box rule used for
// grounding rewards), or when both name the same numbered element.
function sameTarget(a: Action, b: Action, tolerancePx: number): boolean {
  const pa = actionPoint(a);
  const pb = actionPoint(b);
  if (pa && pb && within(pa, pb, tolerancePx)) return true;
  if (pa && b.element && pointInBox(pa, b.element)) return true;
  if (pb && a.element && pointInBox(pb, a.element)) return true;
  return a.elementLabel !== undefined && a.elementLabel === b.elementLabel;
}

const normKeys = (keys: readonly string[]) => keys.map((k) => k.trim().toLowerCase()).sort();

// Equivalence for action-match rewards: same type, then the type's payload.
// Points use Euclidean distance. Typed text is compared trimmed but case-sensitive (case is
// content); hotkeys compare as a case-insensitive set (a chord is pressed together); scrolls
// compare directions when both have one, else from/to points; wait durations and scroll
// amounts are ignored. Clicks also need the same button and press count (a right click opens
// a menu, a triple click selects a line); a select needs the same option, and the same target
// when both name one; an infeasibility claim is not a claim of success.
const hasTarget = (a: Action) => actionPoint(a) !== null || a.element !== undefined || a.elementLabel !== undefined;

export function actionsEquivalent(a: Action, b: Action, tolerancePx: number): boolean {
  if (!Number.isFinite(tolerancePx) || tolerancePx < 0) {
    throw new RangeError(`tolerancePx must be a finite number >= 0, got ${tolerancePx}`);
  }
  if (a.type !== b.type) return false;
  switch (a.type) {
    case "click": {
      const bc = b as typeof a;
      if ((a.button ?? "left") !== (bc.button ?? "left") || (a.clicks ?? 1) !== (bc.clicks ?? 1)) return false;
      return sameTarget(a, b, tolerancePx);
    }
    case "double_click":
      if ((a.button ?? "left") !== ((b as typeof a).button ?? "left")) return false;
      return sameTarget(a, b, tolerancePx);
    case "select": {
      if (a.option.trim() !== (b as typeof a).option.trim()) return false;
      return hasTarget(a) && hasTarget(b) ? sameTarget(a, b, tolerancePx) : true;
    }
    case "long_press":
    case "hover":
      return sameTarget(a, b, tolerancePx);
    case "type":
    case "call_user":
      return a.text.trim() === (b as typeof a).text.trim();
    case "finish": {
      const bf = b as typeof a;
      return (a.isInfeasible ?? false) === (bf.isInfeasible ?? false) && (a.answer ?? "").trim() === (bf.answer ?? "").trim();
    }
    case "hotkey": {
      const ka = normKeys(a.keys);
      const kb = normKeys((b as typeof a).keys);
      return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
    }
    case "scroll": {
      const bs = b as typeof a;
      if (a.direction !== undefined && bs.direction !== undefined) return a.direction === bs.direction;
      if (a.from && a.to && bs.from && bs.to) {
        return (
          within(toPoint(a.from), toPoint(bs.from), tolerancePx) &&
          within(toPoint(a.to), toPoint(bs.to), tolerancePx)
        );
      }
      return false;
    }
    case "drag": {
      const bd = b as typeof a;
      return (
        within(toPoint(a.from), toPoint(bd.from), tolerancePx) &&
        within(toPoint(a.to), toPoint(bd.to), tolerancePx)
      );
    }
    case "open_app": {
      const bo = b as typeof a;
      const sameName =
        a.name !== undefined && bo.name !== undefined && a.name.trim().toLowerCase() === bo.name.trim().toLowerCase();
      const sameUrl = a.url !== undefined && bo.url !== undefined && a.url.trim() === bo.url.trim();
      return sameName || sameUrl;
    }
    case "back":
    case "home":
    case "enter":
    case "recent":
    case "wait":
      return true;
  }
}

const num = (v: number) => String(Math.round(v * 10) / 10);
const pt = (p: PointObject) => `${num(p.x)}, ${num(p.y)}`;
const MAX_TEXT = 40;
function quote(text: string): string {
  return JSON.stringify(text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
}

// The name a click is shown under: `right_click`, `click×3`; a plain left click is `click`.
function clickName(action: Extract<Action, { type: "click" | "double_click" }>): string {
  const button = action.button && action.button !== "left" ? `${action.button}_` : "";
  const times = action.type === "click" && action.clicks !== undefined && action.clicks > 1 ? `×${action.clicks}` : "";
  return `${button}${action.type}${times}`;
}

// A short label for lists and filmstrips, e.g. `click(120, 40)`, `click([5])`, `scroll(down)`.
export function describeAction(action: Action): string {
  switch (action.type) {
    case "click":
    case "double_click": {
      const name = clickName(action);
      if (action.x !== undefined && action.y !== undefined) return `${name}(${num(action.x)}, ${num(action.y)})`;
      return `${name}([${action.elementLabel ?? "?"}])`;
    }
    case "long_press":
    case "hover":
      if (action.x !== undefined && action.y !== undefined) return `${action.type}(${num(action.x)}, ${num(action.y)})`;
      return `${action.type}([${action.elementLabel ?? "?"}])`;
    case "type":
    case "call_user":
      return `${action.type}(${quote(action.text)})`;
    case "scroll":
      if (action.direction !== undefined) return `scroll(${action.direction}${action.amount !== undefined ? ` ×${num(action.amount)}` : ""})`;
      return `scroll(${action.from ? pt(action.from) : "?"} -> ${action.to ? pt(action.to) : "?"})`;
    case "drag":
      return `drag(${pt(action.from)} -> ${pt(action.to)})`;
    case "hotkey":
      return `hotkey(${action.keys.join("+")})`;
    case "open_app":
      return `open_app(${action.name ?? action.url ?? ""})`;
    case "wait":
      return action.seconds !== undefined ? `wait(${num(action.seconds)}s)` : "wait()";
    case "finish":
      if (action.isInfeasible) return "finish(infeasible)";
      return action.answer !== undefined ? `finish(${quote(action.answer)})` : "finish()";
    case "select":
      return `select(${quote(action.option)})`;
    case "back":
    case "home":
    case "enter":
    case "recent":
      return `${action.type}()`;
  }
}
