// Turns a parsed sample target into stored pixels through its coordinate contract, and checks
// it against the image. The one place an import converts coordinates. A source that states
// an image size different from the real screenshot measured its coordinates on that size, so
// px coordinates are rescaled from it (the contract's `reference`) when the aspect ratio is
// the same, and refused when it is not (stated-size.ts). Coordinates that all lie in [0, 1]
// under a pixel contract are normalised ones read with the wrong contract: refused, with how
// to say what they are, rather than stored as a box of one pixel.
import { boxToPixels, pointToPixels, type CoordinateContract, type ImageSize } from "@/lib/domain/coordinates";
import { boxFromPolygon, type Box, type Point } from "@/lib/domain/geometry";
import type { SampleTarget } from "@/lib/imports/records";
import { compareStatedSize } from "@/lib/imports/write/stated-size";

export type PixelTarget =
  | { ok: true; box: Box | null; polygon: Point[] | null; targetAbsent: boolean }
  | { ok: false; reason: string };

// Sub-pixel slack for boxes that touch the far edge after float conversion.
const EDGE_TOLERANCE = 0.5;

export function withSourceReference(
  contract: CoordinateContract,
  stated: ImageSize | null,
  actual: ImageSize | null,
): CoordinateContract {
  if (contract.unit !== "px" || contract.reference || !stated || !actual) return contract;
  if (stated.width === actual.width && stated.height === actual.height) return contract;
  return { ...contract, reference: stated };
}

function checkInside(box: Box, image: ImageSize | null): string | null {
  const [x1, y1, x2, y2] = box;
  if (x2 < x1 || y2 < y1) return `box [${box.join(", ")}] has its corners swapped`;
  if (x1 === x2 || y1 === y2) return `box [${box.join(", ")}] has no area`;
  if (!image) return null;
  const outside =
    x1 < -EDGE_TOLERANCE || y1 < -EDGE_TOLERANCE || x2 > image.width + EDGE_TOLERANCE || y2 > image.height + EDGE_TOLERANCE;
  if (outside) {
    return `box [${box.map((v) => Math.round(v * 10) / 10).join(", ")}] lies outside the ${image.width}x${image.height} image`;
  }
  return null;
}

function clampToImage(box: Box, image: ImageSize | null): Box {
  if (!image) return box;
  const [x1, y1, x2, y2] = box;
  return [Math.max(0, x1), Math.max(0, y1), Math.min(image.width, x2), Math.min(image.height, y2)];
}

function looksNormalised(values: readonly number[]): boolean {
  return values.length > 0 && values.every((v) => v >= 0 && v <= 1);
}

export const NORMALISED_HINT =
  "set the coordinate contract (the preview's Unit, the CLI's --contract xyxy:0-1, or a Verity JSONL line's \"coords\": \"xyxy:0-1\")";

/** `image` is the real screenshot's size when known, else the size the source states. */
export function targetToPixels(target: SampleTarget, stated: ImageSize | null, actual: ImageSize | null): PixelTarget {
  if (target.kind === "absent") return { ok: true, box: null, polygon: null, targetAbsent: true };
  const sizes = compareStatedSize(stated, actual);
  if (sizes.kind === "mismatch") return { ok: false, reason: sizes.reason };
  if (target.contract.unit === "px") {
    const values = target.kind === "box" ? target.raw : target.points.flat();
    if (looksNormalised(values)) {
      const shown = target.kind === "box" ? `box [${target.raw.join(", ")}]` : "every polygon point";
      return { ok: false, reason: `${shown} lies within [0, 1], so it looks normalised, but the contract says pixels: ${NORMALISED_HINT}` };
    }
  }
  const image = actual ?? stated;
  const needsSize = target.contract.unit !== "px" || target.contract.reference !== undefined;
  if (needsSize && !image) {
    return { ok: false, reason: `coordinates in ${target.contract.unit} need the image size, and the image is missing and no size is given` };
  }
  const contract = withSourceReference(target.contract, stated, actual);
  const size = image ?? { width: 1, height: 1 }; // px without reference: the size is not used
  try {
    if (target.kind === "box") {
      const box = boxToPixels(target.raw, contract, size);
      const problem = checkInside(box, image);
      return problem ? { ok: false, reason: problem } : { ok: true, box: clampToImage(box, image), polygon: null, targetAbsent: false };
    }
    if (target.points.length < 3) return { ok: false, reason: `polygon has ${target.points.length} points; at least 3 are needed` };
    const polygon = target.points.map((p) => pointToPixels(p, contract, size));
    const box = boxFromPolygon(polygon);
    const problem = checkInside(box, image);
    return problem ? { ok: false, reason: `polygon: ${problem}` } : { ok: true, box: clampToImage(box, image), polygon, targetAbsent: false };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
