// Typed coordinates -> a box, or the reason they are not one. Stricter than the reducer,
// which would silently clamp: a typed 5000 on a 3840-px screenshot is a typo to show, not
// a value to fix behind the reviewer's back.
import type { Box } from "@/lib/domain/geometry";
import { MIN_BOX_SIZE } from "@/lib/editor/box-ops";
import type { Size } from "@/lib/editor/size";

export const COORD_NAMES = ["x1", "y1", "x2", "y2"] as const;

// Why typed coordinates are refused, as data: the box row words it in the reader's language.
export type BoxInputError =
  | { kind: "notNumber"; coord: string }
  | { kind: "outside"; coord: string; limit: number }
  | { kind: "tooSmall"; high: string; low: string; min: number };

export type ParsedBox = { ok: true; box: Box } | { ok: false; error: BoxInputError };

export function parseBoxInput(values: readonly string[], image: Size): ParsedBox {
  const numbers: number[] = [];
  for (const [i, name] of COORD_NAMES.entries()) {
    const text = (values[i] ?? "").trim();
    // Number("") is 0: an emptied field must not become a coordinate.
    const n = text === "" ? NaN : Number(text);
    if (!Number.isFinite(n)) return { ok: false, error: { kind: "notNumber", coord: name } };
    const limit = name.startsWith("x") ? image.width : image.height;
    if (n < 0 || n > limit) return { ok: false, error: { kind: "outside", coord: name, limit } };
    numbers.push(n);
  }
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = numbers;
  if (x2 - x1 < MIN_BOX_SIZE) return { ok: false, error: { kind: "tooSmall", high: "x2", low: "x1", min: MIN_BOX_SIZE } };
  if (y2 - y1 < MIN_BOX_SIZE) return { ok: false, error: { kind: "tooSmall", high: "y2", low: "y1", min: MIN_BOX_SIZE } };
  return { ok: true, box: [x1, y1, x2, y2] };
}
