// Boxes and points in a screenshot's own pixel space (floats, origin top-left).
// Invariant: a stored Box is normalized (x1 <= x2, y1 <= y2); `normalizeBox` is the
// only place that repairs an inverted one, everything else refuses it.
import { z } from "zod";

// zod 4's z.number() already rejects NaN and +/-Infinity, so "finite" needs no extra check.
export const PointSchema = z.tuple([z.number(), z.number()]);
export type Point = z.infer<typeof PointSchema>;

export const BoxSchema = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .refine(([x1, y1, x2, y2]) => x2 >= x1 && y2 >= y1, {
    message: "box must satisfy x1 <= x2 and y1 <= y2",
  });
export type Box = z.infer<typeof BoxSchema>;

export function normalizeBox(box: Box): Box {
  const [x1, y1, x2, y2] = box;
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

function assertSize(width: number, height: number): void {
  if (!Number.isFinite(width) || width < 0) {
    throw new RangeError(`image width must be a finite number >= 0, got ${width}`);
  }
  if (!Number.isFinite(height) || height < 0) {
    throw new RangeError(`image height must be a finite number >= 0, got ${height}`);
  }
}

function assertNormalized(box: Box): void {
  const [x1, y1, x2, y2] = box;
  if (![x1, y1, x2, y2].every(Number.isFinite)) {
    throw new RangeError(`box coordinates must be finite, got [${box.join(", ")}]`);
  }
  if (x2 < x1 || y2 < y1) {
    throw new RangeError(`box is inverted (need x1 <= x2, y1 <= y2), got [${box.join(", ")}]`);
  }
}

// Normalizes first so that a box drawn "backwards" in the editor still clamps to the
// region the user meant; a box fully outside the image collapses onto the nearest edge.
export function clampBox(box: Box, width: number, height: number): Box {
  assertSize(width, height);
  const [x1, y1, x2, y2] = normalizeBox(box);
  const cx = (v: number) => Math.min(Math.max(v, 0), width);
  const cy = (v: number) => Math.min(Math.max(v, 0), height);
  return [cx(x1), cy(y1), cx(x2), cy(y2)];
}

export function boxArea(box: Box): number {
  assertNormalized(box);
  const [x1, y1, x2, y2] = box;
  return (x2 - x1) * (y2 - y1);
}

// Two degenerate boxes (zero area, hence zero union) share nothing measurable: 0, not NaN.
export function iou(a: Box, b: Box): number {
  const areaA = boxArea(a);
  const areaB = boxArea(b);
  const iw = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const ih = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const intersection = iw * ih;
  const union = areaA + areaB - intersection;
  return union > 0 ? intersection / union : 0;
}

// OSWorld-G gives some targets as polygons; the point-in-box reward needs their bounding box.
export function boxFromPolygon(points: readonly Point[]): Box {
  if (points.length === 0) {
    throw new RangeError("polygon must have at least one point");
  }
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      throw new RangeError(`polygon point must be finite, got [${x}, ${y}]`);
    }
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x);
    y2 = Math.max(y2, y);
  }
  return [x1, y1, x2, y2];
}

export function boxCenter(box: Box): Point {
  assertNormalized(box);
  return [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
}
