// Which normalised grid a source read its model's points on, judged from the pixels the source
// itself made of them. A runner that records both the model's point (UI-Venus-2's
// `Click(point=(897, 937))`) and the device pixels it executed (`action_pos`) shows its
// divisor once the screenshot's size is known: "0-1000" makes v / 1000 * W, "0-999" makes
// v / 999 * W (lib/domain/coordinates.ts). The prompt of such a model may name one range while
// its runner divides by the other, so the convention is read from the numbers, never assumed.
//
// A point fits a convention when its recorded pixel is what a writer gets by truncating
// (Python's int(), as UI-Venus-2's runner does) or rounding the exact value. Near the origin
// both conventions give the same pixel, so one point rarely decides: a run's convention is
// the one that fits every checked point while the other does not. When both fit every point,
// or neither does (a resized screenshot, an edited file), the answer says so and picks none.
import { pointToPixels, type ImageSize } from "@/lib/domain/coordinates";

export const GRID_UNITS = ["0-1000", "0-999"] as const;
export type GridUnit = (typeof GRID_UNITS)[number];

/** A model's grid point, the pixel the source recorded for it, and the screenshot's size. */
export type GridPoint = { grid: readonly [number, number]; pixel: readonly [number, number]; image: ImageSize };

export type GridFit = Record<GridUnit, boolean>;

export type GridConvention = {
  /** The unit every checked point fits and the other does not; "undetermined" when both or
   * no point fit, "inconsistent" when neither fits every point. */
  convention: GridUnit | "undetermined" | "inconsistent";
  checked: number;
  fits: Record<GridUnit, number>;
};

// Float noise (897 / 1000 * 1080 vs 897 * (1080 / 1000)) must not move a value across an integer.
const EPSILON = 1e-6;

function pixelsOf(exact: number): Set<number> {
  return new Set([Math.floor(exact - EPSILON), Math.floor(exact + EPSILON), Math.round(exact)]);
}

export function gridFit(point: GridPoint): GridFit {
  const fit = {} as GridFit;
  for (const unit of GRID_UNITS) {
    const [x, y] = pointToPixels([point.grid[0], point.grid[1]], { format: "xyxy", unit }, point.image);
    fit[unit] = pixelsOf(x).has(point.pixel[0]) && pixelsOf(y).has(point.pixel[1]);
  }
  return fit;
}

export function gridConventionOf(points: readonly GridPoint[]): GridConvention {
  const fits: Record<GridUnit, number> = { "0-1000": 0, "0-999": 0 };
  for (const point of points) {
    const fit = gridFit(point);
    for (const unit of GRID_UNITS) if (fit[unit]) fits[unit] += 1;
  }
  const checked = points.length;
  const all = GRID_UNITS.filter((unit) => checked > 0 && fits[unit] === checked);
  const convention = all.length === 1 ? all[0]! : checked > 0 && all.length === 0 ? "inconsistent" : "undetermined";
  return { convention, checked, fits };
}
