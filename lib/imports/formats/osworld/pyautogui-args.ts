// How pyautogui reads the arguments of a call, for pyautogui-actions.ts: positional or by
// keyword, a point given as `x, y`, as `(x, y)` or not at all ("where the pointer is").
// Anything it cannot use is reported (NotMapped), never defaulted.
import type { PointObject } from "@/lib/domain/actions";
import type { Literal, PythonCall } from "@/lib/imports/formats/osworld/python-calls";
import { NotMapped } from "@/lib/imports/formats/osworld/pointer";

export type Button = "left" | "right" | "middle";
export type Where = { kind: "point"; at: PointObject } | { kind: "pointer" };

export function arg(call: PythonCall, index: number, name: string): Literal | undefined {
  return name in call.kwargs ? call.kwargs[name] : call.args[index];
}

export function numberArg(call: PythonCall, index: number, name: string, fallback?: number): number {
  const value = arg(call, index, name);
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "number") throw new NotMapped(`${call.name}: ${name} must be a number, got ${JSON.stringify(value ?? null)}`);
  return value;
}

export function buttonArg(call: PythonCall, index: number, fallback: Button): Button {
  const value = arg(call, index, "button");
  if (value === undefined || value === null) return fallback;
  if (value === "left" || value === "primary") return "left";
  if (value === "right" || value === "secondary") return "right";
  if (value === "middle") return "middle";
  throw new NotMapped(`${call.name}: unknown mouse button ${JSON.stringify(value)}`);
}

export function whereArg(call: PythonCall, index = 0): Where {
  const x = arg(call, index, "x");
  const y = arg(call, index + 1, "y");
  if ((x === undefined || x === null) && (y === undefined || y === null)) return { kind: "pointer" };
  if (Array.isArray(x) && x.length === 2 && typeof x[0] === "number" && typeof x[1] === "number") return { kind: "point", at: { x: x[0], y: x[1] } };
  if (typeof x === "number" && typeof y === "number") return { kind: "point", at: { x, y } };
  if (typeof x === "string") throw new NotMapped(`${call.name}(${JSON.stringify(x)}) looks for an image on the live screen, which a recording cannot resolve`);
  throw new NotMapped(`${call.name}: unusable coordinates x=${JSON.stringify(x ?? null)}, y=${JSON.stringify(y ?? null)}`);
}

export function stringList(call: PythonCall, value: Literal | undefined): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.length || !list.every((k): k is string => typeof k === "string" && k !== "")) {
    throw new NotMapped(`${call.name}: keys must be key names, got ${JSON.stringify(value ?? null)}`);
  }
  return list;
}
