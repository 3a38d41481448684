// Coordinate contracts: the one place where a source's coordinates become the screenshot's
// own pixels (importers) and back (exporters). `*ToPixels` and `*FromPixels` are exact
// inverses for the same contract and image, so a re-export reproduces what was imported.
import { z } from "zod";
import type { Box, Point } from "@/lib/domain/geometry";

export const COORDINATE_UNITS = ["px", "0-1", "0-100", "0-999", "0-1000"] as const;

const SizeSchema = z.object({ width: z.number().positive(), height: z.number().positive() });
export type ImageSize = z.infer<typeof SizeSchema>;

export const CoordinateContractSchema = z
  .object({
    format: z.enum(["xyxy", "xywh"]),
    unit: z.enum(COORDINATE_UNITS),
    // Size of the resized image the px coordinates were measured on (e.g. a model that saw
    // the screenshot downscaled); absent means the screenshot's natural size.
    reference: SizeSchema.optional(),
  })
  // A reference size only means something for px; accepting it elsewhere would silently
  // ignore a contract the importer believed in.
  .refine((c) => c.reference === undefined || c.unit === "px", {
    message: "reference size is only meaningful with unit px",
    path: ["reference"],
  });
export type CoordinateContract = z.infer<typeof CoordinateContractSchema>;

type Scale = { sx: number; sy: number };

// Pixels per source unit along each axis.
// "0-1000" is a grid whose far edge is 1000 (UI-TARS, UI-Venus prompts: px = v / 1000 * W).
// "0-999" is a grid of the integers 0..999 whose far edge is the value 999 itself
// (CogAgent-style "000-999"), so it divides by 999. Using 1000 for it would pull every
// coordinate toward the origin by up to W/1000 px, about 4 px on a 4K screenshot: enough to
// flip an inclusive point-in-box test on a small icon.
function scaleFor(contract: CoordinateContract, image: ImageSize): Scale {
  const { width, height } = image;
  if (!Number.isFinite(width) || width <= 0 || !Number.isFinite(height) || height <= 0) {
    throw new RangeError(`image size must be positive and finite, got ${width}x${height}`);
  }
  switch (contract.unit) {
    case "px": {
      const ref = contract.reference;
      if (ref === undefined) return { sx: 1, sy: 1 };
      if (!(ref.width > 0) || !(ref.height > 0) || !Number.isFinite(ref.width) || !Number.isFinite(ref.height)) {
        throw new RangeError(`reference size must be positive and finite, got ${ref.width}x${ref.height}`);
      }
      return { sx: width / ref.width, sy: height / ref.height };
    }
    case "0-1":
      return { sx: width, sy: height };
    case "0-100":
      return { sx: width / 100, sy: height / 100 };
    case "0-999":
      return { sx: width / 999, sy: height / 999 };
    case "0-1000":
      return { sx: width / 1000, sy: height / 1000 };
  }
}

function readNumbers(raw: readonly number[], count: number, what: string): number[] {
  if (!Array.isArray(raw) || raw.length !== count) {
    throw new RangeError(`${what} must have ${count} numbers, got ${Array.isArray(raw) ? raw.length : typeof raw}`);
  }
  raw.forEach((v, i) => {
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new RangeError(`${what} value at index ${i} must be a finite number, got ${String(v)}`);
    }
  });
  return [...raw];
}

export function boxToPixels(raw: readonly number[], contract: CoordinateContract, image: ImageSize): Box {
  const [a, b, c, d] = readNumbers(raw, 4, "box") as [number, number, number, number];
  const { sx, sy } = scaleFor(contract, image);
  if (contract.format === "xywh") {
    if (c < 0 || d < 0) throw new RangeError(`xywh box has negative size: w=${c}, h=${d}`);
    return [a * sx, b * sy, (a + c) * sx, (b + d) * sy];
  }
  // An inverted box is a sign of a misread contract (e.g. xywh read as xyxy); refuse it
  // rather than guess, so the importer reports the record.
  if (c < a || d < b) throw new RangeError(`xyxy box is inverted: [${a}, ${b}, ${c}, ${d}]`);
  return [a * sx, b * sy, c * sx, d * sy];
}

export function boxFromPixels(box: Box, contract: CoordinateContract, image: ImageSize): number[] {
  const [x1, y1, x2, y2] = readNumbers(box, 4, "box") as [number, number, number, number];
  if (x2 < x1 || y2 < y1) throw new RangeError(`box is inverted: [${x1}, ${y1}, ${x2}, ${y2}]`);
  const { sx, sy } = scaleFor(contract, image);
  if (contract.format === "xywh") {
    return [x1 / sx, y1 / sy, (x2 - x1) / sx, (y2 - y1) / sy];
  }
  return [x1 / sx, y1 / sy, x2 / sx, y2 / sy];
}

// Points ignore `format`: xyxy and xywh differ only in the second corner of a box.
export function pointToPixels(raw: readonly number[], contract: CoordinateContract, image: ImageSize): Point {
  const [x, y] = readNumbers(raw, 2, "point") as [number, number];
  const { sx, sy } = scaleFor(contract, image);
  return [x * sx, y * sy];
}

export function pointFromPixels(point: Point, contract: CoordinateContract, image: ImageSize): number[] {
  const [x, y] = readNumbers(point, 2, "point") as [number, number];
  const { sx, sy } = scaleFor(contract, image);
  return [x / sx, y / sy];
}
