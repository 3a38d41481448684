// Maps AndroidLab's `parsed_action` (the page executor's `current_return`, FORMAT.md §4) onto
// the canonical action union. Two shapes exist:
//   - XML / text-only agents (4a): `{"operation":"do","action":"Tap","kwargs":{"element":[x1,y1,x2,y2]}}`,
//     key-less actions named "Press Enter" / "Press Back" / "Press Home", Launch with `package`;
//   - SoM / screenshot agents (4b): `element` is the `[x, y]` centre of the numbered box, the
//     key-less actions are "Enter" / "Back" / "Home" with `kwargs: {}`, Wait has `interval`,
//     Launch has `app_name`.
// `element` is in device pixels, the screenshot's own space, so nothing is converted here.
// A box is kept as the action's `element`, and the point acted at is its centre because that
// is where the executor taps (text_executor.py); no other coordinate is ever derived.
import { z } from "zod";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

export type MappedAction = { action: Action | null; note: string | null };

/** Device pixels = screenshot pixels (FORMAT.md §4c); boxes are [x1, y1, x2, y2]. */
export const ANDROIDLAB_CONTRACT: CoordinateContract = { format: "xyxy", unit: "px" };

const ParsedActionSchema = z.object({
  operation: z.string().optional(),
  action: z.string(),
  kwargs: z.record(z.string(), z.unknown()).nullish(),
});

// Legacy recorder lines (json_recoder.py, unused by shipped agents) wrote `{type, input}`; the
// evaluator still accepts `type == "finish"`, so an import should too.
const LegacyFinishSchema = z.object({ type: z.literal("finish"), input: z.string().nullish() });

const ElementSchema = z.union([
  z.tuple([z.number(), z.number(), z.number(), z.number()]),
  z.tuple([z.number(), z.number()]),
]);
const PointKwargs = z.object({ element: ElementSchema });
const SwipeKwargs = z.object({
  element: ElementSchema.nullish(),
  direction: z.enum(["up", "down", "left", "right"]),
});
const TypeKwargs = z.object({ text: z.string() });
const WaitKwargs = z.object({ interval: z.number().nonnegative().optional() });
const LaunchKwargs = z
  .object({ package: z.string().trim().min(1).optional(), app_name: z.string().trim().min(1).optional() })
  .refine((k) => k.package !== undefined || k.app_name !== undefined, {
    message: "Launch needs kwargs.package or kwargs.app_name",
  });
const FinishKwargs = z.object({ message: z.string().nullish() });

// The XML executor sleeps a fixed 5 s on Wait (text_executor.py L216-218).
const XML_WAIT_SECONDS = 5;

type Located = { x: number; y: number; element?: [number, number, number, number] };

function locate(element: [number, number, number, number] | [number, number]): Located {
  if (element.length === 2) return { x: element[0], y: element[1] };
  const [x1, y1, x2, y2] = element;
  return { x: (x1 + x2) / 2, y: (y1 + y2) / 2, element };
}

// Action names differ only by the "Press " prefix and case between the two executors.
function canonicalName(name: string): string {
  return name.trim().toLowerCase().replace(/^press\s+/, "").replace(/[\s_]+/g, " ");
}

function build(name: string, kwargs: Record<string, unknown>): unknown {
  switch (canonicalName(name)) {
    case "tap":
    case "long press": {
      const { element } = PointKwargs.parse(kwargs);
      return { type: canonicalName(name) === "tap" ? "click" : "long_press", ...locate(element) };
    }
    case "swipe": {
      // `direction` is AndroidLab's own word, kept as written; `from` is where the finger
      // starts (the element's centre). A null element means the screen centre, which the
      // source does not write down, so no `from` is given then.
      const { element, direction } = SwipeKwargs.parse(kwargs);
      if (!element) return { type: "scroll", direction };
      const { x, y, element: box } = locate(element);
      return { type: "scroll", direction, from: { x, y }, ...(box ? { element: box } : {}) };
    }
    case "type":
      return { type: "type", text: TypeKwargs.parse(kwargs).text };
    case "enter":
      return { type: "enter" };
    case "back":
      return { type: "back" };
    case "home":
      return { type: "home" };
    case "wait": {
      const { interval } = WaitKwargs.parse(kwargs);
      return { type: "wait", seconds: interval ?? XML_WAIT_SECONDS };
    }
    case "launch": {
      const k = LaunchKwargs.parse(kwargs);
      return { type: "open_app", name: k.package ?? k.app_name };
    }
    case "finish": {
      const { message } = FinishKwargs.parse(kwargs);
      return message == null ? { type: "finish" } : { type: "finish", answer: message };
    }
    default:
      return undefined;
  }
}

function parseBuilt(built: unknown, name: string): MappedAction {
  const result = ActionSchema.safeParse(built);
  if (!result.success) return { action: null, note: `${name}: ${describeZodError(result.error)}` };
  return { action: result.data, note: null };
}

export function mapAndroidLabAction(parsed: unknown): MappedAction {
  if (parsed === null || parsed === undefined) return { action: null, note: "parsed_action is null" };

  const legacy = LegacyFinishSchema.safeParse(parsed);
  if (legacy.success) {
    return parseBuilt(legacy.data.input == null ? { type: "finish" } : { type: "finish", answer: legacy.data.input }, "finish");
  }

  const shape = ParsedActionSchema.safeParse(parsed);
  if (!shape.success) {
    return { action: null, note: `parsed_action has an unknown shape: ${describeZodError(shape.error)}` };
  }
  const { action: name, kwargs } = shape.data;
  if (canonicalName(name) === "call api") {
    return { action: null, note: "Call_API has no canonical action" };
  }
  let built: unknown;
  try {
    built = build(name, kwargs ?? {});
  } catch (error) {
    if (error instanceof z.ZodError) return { action: null, note: `${name}: kwargs ${describeZodError(error)}` };
    throw error;
  }
  if (built === undefined) return { action: null, note: `unknown AndroidLab action "${name}"` };
  return parseBuilt(built, name);
}

/** Whether an action carries coordinates that the contract applies to. */
export function isLocated(action: Action): boolean {
  return ("x" in action && action.x !== undefined) || ("from" in action && action.from !== undefined) || action.element !== undefined;
}
