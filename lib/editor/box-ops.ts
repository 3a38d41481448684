// Box edits in image pixels. Invariant of every result: normalized (x1 <= x2, y1 <= y2) and
// inside [0, width] x [0, height]. Policies:
// - moving keeps the size and stops at the image edge (shifts, never shrinks);
// - resizing moves only the edges the handle names; dragging past the opposite edge flips
//   the box, and the moved edge never comes closer than `min` to the fixed one;
// - a box smaller than `min` grows about its centre, then shifts back inside the image.
// Inputs are taken as they come (a typed or imported box may be inverted or outside).
import { clampBox, normalizeBox, type Box, type Point } from "@/lib/domain/geometry";
import type { Size } from "@/lib/editor/size";
import { boxToStage, type Viewport } from "@/lib/editor/viewport";

export const HANDLES = ["nw", "n", "ne", "e", "se", "s", "sw", "w"] as const;
export type Handle = (typeof HANDLES)[number];

export type Direction = "left" | "right" | "up" | "down";

// One side of a box, for resizing from the keyboard (one edge moves, the other three stay).
export const EDGES = ["left", "top", "right", "bottom"] as const;
export type Edge = (typeof EDGES)[number];

// One image pixel: the smallest element a screenshot can show; a 0-area box would make the
// point-in-box reward depend on float equality.
export const MIN_BOX_SIZE = 1;

export function clampBoxToImage(box: Box, image: Size): Box {
  return clampBox(box, image.width, image.height);
}

// Grows [lo, hi] to `min` about its centre, then slides it inside [0, limit]; an image
// narrower than `min` yields the whole axis.
// The slack absorbs float error: (0.7 + 1) - 0.7 is 0.9999999999999999, and growing that
// about its centre would move the edge the user just pinned by 1e-16.
const SLACK = 1e-9;

function growAxis(lo: number, hi: number, min: number, limit: number): [number, number] {
  if (hi - lo >= min - SLACK) return [lo, hi];
  if (limit <= min) return [0, limit];
  const start = Math.min(Math.max((lo + hi) / 2 - min / 2, 0), limit - min);
  return [start, start + min];
}

export function enforceMinSize(box: Box, min: number, image: Size): Box {
  const [x1, y1, x2, y2] = clampBoxToImage(box, image);
  const [nx1, nx2] = growAxis(x1, x2, min, image.width);
  const [ny1, ny2] = growAxis(y1, y2, min, image.height);
  return [nx1, ny1, nx2, ny2];
}

// Start of a segment of `size` moved by `delta` and kept inside [0, limit].
function slide(start: number, size: number, delta: number, limit: number): number {
  return Math.min(Math.max(start + delta, 0), Math.max(limit - size, 0));
}

export function moveBox(box: Box, dx: number, dy: number, image: Size): Box {
  const [x1, y1, x2, y2] = clampBoxToImage(box, image);
  const w = x2 - x1;
  const h = y2 - y1;
  const nx = slide(x1, w, dx, image.width);
  const ny = slide(y1, h, dy, image.height);
  return [nx, ny, nx + w, ny + h];
}

// The edge at `moved` is dragged to p while the edge at `fixed` stays put. Returns the
// normalized span, at least `min` wide: too close to the fixed edge, the moved edge goes to
// `min` on the side the pointer is on (the other side if that leaves the image).
function resizeAxis(fixed: number, p: number, min: number, limit: number, natural: 1 | -1) {
  if (limit <= min) return [0, limit] as const;
  let moved = Math.min(Math.max(p, 0), limit);
  if (Math.abs(moved - fixed) < min) {
    const side = moved > fixed ? 1 : moved < fixed ? -1 : natural;
    moved = fixed + side * min;
    if (moved < 0 || moved > limit) moved = fixed - side * min;
    if (moved < 0 || moved > limit) {
      // Image narrower than 2*min around the fixed edge: keep `min` and shift the pair.
      const start = Math.min(Math.max(Math.min(fixed, moved), 0), limit - min);
      return [start, start + min] as const;
    }
  }
  return [Math.min(fixed, moved), Math.max(fixed, moved)] as const;
}

export function resizeBox(
  box: Box,
  handle: Handle,
  point: Point,
  image: Size,
  min: number = MIN_BOX_SIZE,
): Box {
  const [x1, y1, x2, y2] = clampBoxToImage(box, image);
  const [px, py] = point;
  let [nx1, nx2] = [x1, x2];
  let [ny1, ny2] = [y1, y2];
  if (handle.includes("w")) [nx1, nx2] = resizeAxis(x2, px, min, image.width, -1);
  if (handle.includes("e")) [nx1, nx2] = resizeAxis(x1, px, min, image.width, 1);
  if (handle.includes("n")) [ny1, ny2] = resizeAxis(y2, py, min, image.height, -1);
  if (handle.includes("s")) [ny1, ny2] = resizeAxis(y1, py, min, image.height, 1);
  // An edge handle leaves the other axis as it was, which may still be below `min`.
  return enforceMinSize([nx1, ny1, nx2, ny2], min, image);
}

export function nudge(box: Box, dir: Direction, stepPx: number, image: Size): Box {
  const dx = dir === "left" ? -stepPx : dir === "right" ? stepPx : 0;
  const dy = dir === "up" ? -stepPx : dir === "down" ? stepPx : 0;
  return moveBox(box, dx, dy, image);
}

// Moves one edge by `delta` image pixels (positive: right or down), the other three staying.
// Unlike a drag (resizeBox), a key press never flips the box: the edge stops `min` short of
// the opposite one, and at the image's border.
export function moveEdge(box: Box, edge: Edge, delta: number, image: Size, min: number = MIN_BOX_SIZE): Box {
  const [x1, y1, x2, y2] = enforceMinSize(box, min, image);
  switch (edge) {
    case "left":
      return [Math.min(Math.max(x1 + delta, 0), x2 - min), y1, x2, y2];
    case "right":
      return [x1, y1, Math.max(Math.min(x2 + delta, image.width), x1 + min), y2];
    case "top":
      return [x1, Math.min(Math.max(y1 + delta, 0), y2 - min), x2, y2];
    case "bottom":
      return [x1, y1, x2, Math.max(Math.min(y2 + delta, image.height), y1 + min)];
  }
}

// A drawn box, in image pixels, from the press point to the current pointer point in any
// direction. No minimum size here: the caller decides whether a tiny drag was a click, and
// the reducer's `add` enforces MIN_BOX_SIZE.
export function boxFromDrag(start: Point, end: Point, image: Size): Box {
  return clampBoxToImage([start[0], start[1], end[0], end[1]], image);
}

// For display and saving: pointer maths gives coordinates like 512.3333333. Rounding is
// monotonic, so a normalized box stays normalized; -0 becomes 0 so it prints as "0".
export function roundBox(box: Box, decimals = 2): Box {
  const f = 10 ** decimals;
  const r = (v: number) => Math.round(v * f) / f + 0;
  return normalizeBox([r(box[0]), r(box[1]), r(box[2]), r(box[3])]);
}

// Which part of a box a stage point grabs. Outside the box a handle reaches `tolerancePx`
// stage pixels; inside it reaches at most a third of the box so that even a small box keeps
// a middle to move it by. Corners win over edges; on a zero-width (or -height) box the side
// the pointer is on decides, "e"/"s" when exactly on it, so a drag grows the box down-right.
export function hitHandle(
  stagePoint: Point,
  box: Box,
  vp: Viewport,
  tolerancePx: number,
): Handle | "body" | null {
  const r = boxToStage(normalizeBox(box), vp);
  const [px, py] = stagePoint;
  const left = r.x;
  const right = r.x + r.width;
  const top = r.y;
  const bottom = r.y + r.height;
  if (px < left - tolerancePx || px > right + tolerancePx) return null;
  if (py < top - tolerancePx || py > bottom + tolerancePx) return null;
  const inX = Math.min(tolerancePx, r.width / 3);
  const inY = Math.min(tolerancePx, r.height / 3);
  const nearW = px <= left + inX && (r.width > 0 || px < left);
  const nearE = px >= right - inX && !nearW;
  const nearN = py <= top + inY && (r.height > 0 || py < top);
  const nearS = py >= bottom - inY && !nearN;
  const v = nearN ? "n" : nearS ? "s" : "";
  const h = nearW ? "w" : nearE ? "e" : "";
  const handle = `${v}${h}`;
  return handle === "" ? "body" : (handle as Handle);
}
