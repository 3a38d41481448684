// The coordinate conventions a pool can write its targets in, one per family of base models,
// and the rounding rules the exporters and the shipped reward (lib/exports/reward) share:
//   rel1000     relative [0,1000] grid of the screenshot (Qwen2-VL, Qwen3-VL, UI-Venus-1.5
//               grounding): v = px * 1000 / W, an integer;
//   qwen25-abs  absolute pixels of the image Qwen2.5-VL sees, the smart-resized one
//               (smart-resize.ts: factor 28, 3136..12845056 pixels): v = px * Wr / W, an integer;
//   norm1       0-1 normalised: v = px / W, four decimals.
// Rounding, one rule per pool, recorded in the rows' ground truth where it is not the default:
//   half-up    (default) Verity's own: floor(v + 0.5) on the integer grids, floor(v * 10000 +
//              0.5) / 10000 on norm1; never Python's round() (halves to even) nor a float left
//              as it is. Every profile whose rows carry the target as text uses it: the number
//              trained on is the number written.
//   half-even  ms-swift's `objects` rows carry the box in pixels and ms-swift derives the number
//              it trains on itself, as int(round(px / W * N)) with Python's round()
//              (modelscope/ms-swift@3602360 swift/template/base.py:307-319; N is 1000 under
//              --norm_bbox norm1000, the resized size under none). A 2560-wide screenshot with
//              px = 928 is 362.5: ms-swift trains on 362 where half up would say 363, so such
//              pools compute the reward's numbers with ms-swift's own operations, in its order.
// The reward re-derives every exported target from its pixel box with the same operations in
// the same order, so the two agree to the bit (IEEE doubles behave alike in both languages).
// Pixels here are already inside the image: boxes are clamped when they are saved
// (lib/annotations/answer-kinds.ts) and an export refuses one that is not, so nothing clamps.
// Pure: the pools screen draws targets back onto screenshots with fromConvention.
import type { Box, Point } from "@/lib/domain/geometry";
import { pythonRound, QWEN25_RESIZE, smartResize } from "@/lib/exports/conventions/smart-resize";

export const CONVENTIONS = ["rel1000", "qwen25-abs", "norm1"] as const;
export type ConventionId = (typeof CONVENTIONS)[number];

export const CONVENTION_LABELS: Record<ConventionId, string> = {
  rel1000: "relative [0,1000] (Qwen2-VL, Qwen3-VL, UI-Venus-1.5)",
  "qwen25-abs": "absolute pixels of the smart-resized image (Qwen2.5-VL)",
  norm1: "0-1 normalised",
};

export const TARGET_KINDS = ["point", "box"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const ROUNDINGS = ["half-up", "half-even"] as const;
export type RoundingId = (typeof ROUNDINGS)[number];

/** The rule as the manifest and the launch README state it. */
export const ROUNDING_RULES: Record<RoundingId, string> = {
  "half-up": "half up: floor(v + 0.5) on the integer grids (rel1000, qwen25-abs); floor(v * 10000 + 0.5) / 10000 on norm1",
  "half-even":
    "ms-swift's own, for its objects rows: int(round(px / W * N)) with Python's round() (half to even), N = 1000 (rel1000) or the resized size (qwen25-abs), as modelscope/ms-swift@3602360 swift/template/base.py:307-319 derives the number it trains on; the ground truth says rounding: half-even",
};

export type ImageSize = { width: number; height: number };

/** One screenshot in a convention: the extent of its axes (1000x1000, the resized size, or 1x1), and the pool's rounding. */
export type ConventionSpace = { convention: ConventionId; image: ImageSize; resized: ImageSize | null; extent: ImageSize; rounding: RoundingId };

/** Throws AspectRatioError (smart-resize.ts) for qwen25-abs on an image qwen-vl-utils refuses. */
export function conventionSpace(convention: ConventionId, image: ImageSize, rounding: RoundingId = "half-up"): ConventionSpace {
  // ms-swift normalises to an integer grid only: a 0-1 target has no half-even form (the pool
  // definition refuses objects rows in norm1).
  if (rounding === "half-even" && convention === "norm1") throw new RangeError("half-even rounding applies to the integer grids only");
  if (convention === "qwen25-abs") {
    const resized = smartResize(image.width, image.height, QWEN25_RESIZE);
    return { convention, image, resized, extent: resized, rounding };
  }
  return { convention, image, resized: null, extent: convention === "rel1000" ? { width: 1000, height: 1000 } : { width: 1, height: 1 }, rounding };
}

const halfUp = (v: number) => Math.floor(v + 0.5);
const fourDecimals = (v: number) => Math.floor(v * 10000 + 0.5) / 10000;

/** One pixel coordinate on the axis (x: width, y: height) in the convention, rounded by the space's rule. */
export function coordinateInConvention(px: number, axis: "x" | "y", space: ConventionSpace): number {
  const size = axis === "x" ? space.image.width : space.image.height;
  // ms-swift divides first, then multiplies, then rounds (base.py:318-319): the same operations
  // in the same order, so a product that lands a hair below a half rounds as ms-swift's does.
  if (space.rounding === "half-even") return pythonRound((px / size) * (axis === "x" ? space.extent.width : space.extent.height));
  switch (space.convention) {
    case "rel1000":
      return halfUp((px * 1000) / size);
    case "qwen25-abs":
      return halfUp((px * (axis === "x" ? space.extent.width : space.extent.height)) / size);
    case "norm1":
      return fourDecimals(px / size);
  }
}

export function boxInConvention(box: Box, space: ConventionSpace): [number, number, number, number] {
  return [coordinateInConvention(box[0], "x", space), coordinateInConvention(box[1], "y", space), coordinateInConvention(box[2], "x", space), coordinateInConvention(box[3], "y", space)];
}

export function pointInConvention(point: Point, space: ConventionSpace): [number, number] {
  return [coordinateInConvention(point[0], "x", space), coordinateInConvention(point[1], "y", space)];
}

/** The centre of a pixel box (the point a point target names). */
export const boxCentre = (box: Box): Point => [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];

/** Back to the screenshot's pixels (to draw a target, or to check a round trip). */
export function fromConvention(value: number, axis: "x" | "y", space: ConventionSpace): number {
  const size = axis === "x" ? space.image.width : space.image.height;
  const extent = axis === "x" ? space.extent.width : space.extent.height;
  return (value * size) / extent;
}

/** How near a predicted point must be to the truth when no element box is known: 4% of the larger axis. */
export function pointTolerance(space: ConventionSpace): number {
  return fourDecimals(0.04 * Math.max(space.extent.width, space.extent.height));
}

/** The box lies inside the image (bounds inclusive): only such a box is exported. */
export function boxInsideImage(box: Box, image: ImageSize): boolean {
  return box[0] >= 0 && box[1] >= 0 && box[2] <= image.width && box[3] <= image.height;
}
