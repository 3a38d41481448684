// Which grid a run's points were read on, from the pixels its runner recorded: the points of
// the runner's own rule (int(v / N * size)) decide, near-origin points alone do not, and a
// file whose pixels fit neither is said to be inconsistent rather than given a convention.
import { describe, expect, it } from "vitest";
import { gridConventionOf, gridFit, type GridPoint } from "@/lib/domain/grid-convention";

const phone = { width: 1080, height: 2400 };
const runner = (norm: number, grid: [number, number], image = phone): GridPoint => ({
  grid,
  pixel: [Math.trunc((grid[0] / norm) * image.width), Math.trunc((grid[1] / norm) * image.height)],
  image,
});

describe("gridFit", () => {
  it("tells [0,1000] from [0,999] where they differ by a pixel", () => {
    expect(gridFit(runner(1000, [897, 937]))).toEqual({ "0-1000": true, "0-999": false });
    expect(gridFit(runner(999, [897, 937]))).toEqual({ "0-1000": false, "0-999": true });
  });

  it("accepts a rounding writer as well as a truncating one", () => {
    // 897 / 1000 * 1080 = 968.76: truncated 968, rounded 969.
    expect(gridFit({ grid: [897, 500], pixel: [969, 1200], image: phone })["0-1000"]).toBe(true);
  });

  it("cannot tell near the origin, where both give the same pixel", () => {
    expect(gridFit(runner(1000, [10, 10]))).toEqual({ "0-1000": true, "0-999": true });
  });
});

describe("gridConventionOf", () => {
  it("names the convention every point fits and the other does not", () => {
    const points = [runner(1000, [10, 10]), runner(1000, [897, 937]), runner(1000, [851, 152])];
    expect(gridConventionOf(points)).toEqual({ convention: "0-1000", checked: 3, fits: { "0-1000": 3, "0-999": 1 } });
    expect(gridConventionOf(points.map((p) => runner(999, p.grid as [number, number])))).toMatchObject({ convention: "0-999" });
  });

  it("says undetermined when both fit every point, or there is no point", () => {
    expect(gridConventionOf([runner(1000, [10, 10])]).convention).toBe("undetermined");
    expect(gridConventionOf([])).toEqual({ convention: "undetermined", checked: 0, fits: { "0-1000": 0, "0-999": 0 } });
  });

  it("says inconsistent when neither fits every point (a run mixing both, a resized screenshot)", () => {
    expect(gridConventionOf([runner(1000, [897, 937]), runner(999, [897, 937])]).convention).toBe("inconsistent");
    const resized = { ...runner(1000, [897, 937]), image: { width: 540, height: 1200 } };
    expect(gridConventionOf([resized]).convention).toBe("inconsistent");
  });
});
