import { describe, expect, it } from "vitest";
import {
  BoxSchema,
  PointSchema,
  boxArea,
  boxCenter,
  boxFromPolygon,
  clampBox,
  iou,
  normalizeBox,
} from "@/lib/domain/geometry";

describe("BoxSchema / PointSchema", () => {
  it("accepts a normalized box, including a zero-size one", () => {
    expect(BoxSchema.parse([1.5, 2, 3, 4])).toEqual([1.5, 2, 3, 4]);
    expect(BoxSchema.safeParse([5, 5, 5, 5]).success).toBe(true);
  });

  it("rejects inverted, non-finite and wrongly sized boxes", () => {
    expect(BoxSchema.safeParse([10, 0, 5, 5]).success).toBe(false);
    expect(BoxSchema.safeParse([0, 10, 5, 5]).success).toBe(false);
    expect(BoxSchema.safeParse([0, 0, Infinity, 5]).success).toBe(false);
    expect(BoxSchema.safeParse([0, 0, NaN, 5]).success).toBe(false);
    expect(BoxSchema.safeParse([0, 0, 5]).success).toBe(false);
  });

  it("parses points", () => {
    expect(PointSchema.parse([3, 4])).toEqual([3, 4]);
    expect(PointSchema.safeParse([3]).success).toBe(false);
  });
});

describe("normalizeBox", () => {
  it("swaps inverted corners", () => {
    expect(normalizeBox([10, 20, 5, 8])).toEqual([5, 8, 10, 20]);
    expect(normalizeBox([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });
});

describe("clampBox", () => {
  it("clamps to [0, width] x [0, height]", () => {
    expect(clampBox([-5, 10, 120, 90], 100, 80)).toEqual([0, 10, 100, 80]);
  });

  it("normalizes before clamping", () => {
    expect(clampBox([120, 90, -5, 10], 100, 80)).toEqual([0, 10, 100, 80]);
  });

  it("collapses a box outside the image onto the edge", () => {
    expect(clampBox([150, 10, 200, 20], 100, 80)).toEqual([100, 10, 100, 20]);
  });

  it("throws on negative or non-finite sizes", () => {
    expect(() => clampBox([0, 0, 1, 1], -1, 10)).toThrow(RangeError);
    expect(() => clampBox([0, 0, 1, 1], 10, NaN)).toThrow(/height/);
  });
});

describe("boxArea", () => {
  it("multiplies width by height", () => {
    // (10 - 0) * (5 - 0) = 50; (3.5 - 1) * (4 - 2) = 5
    expect(boxArea([0, 0, 10, 5])).toBe(50);
    expect(boxArea([1, 2, 3.5, 4])).toBe(5);
    expect(boxArea([4, 4, 4, 9])).toBe(0);
  });

  it("refuses an inverted box instead of returning a negative area", () => {
    expect(() => boxArea([10, 0, 0, 10])).toThrow(RangeError);
  });
});

describe("iou", () => {
  it("computes intersection over union", () => {
    // overlap [5,5,10,10] = 25; union = 100 + 100 - 25 = 175; 25/175 = 1/7
    expect(iou([0, 0, 10, 10], [5, 5, 15, 15])).toBeCloseTo(1 / 7, 12);
    // inner box 4x4 = 16 inside 10x10 = 100: 16/100
    expect(iou([0, 0, 10, 10], [3, 3, 7, 7])).toBeCloseTo(0.16, 12);
  });

  it("is 1 for identical boxes and 0 for disjoint or edge-touching ones", () => {
    expect(iou([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
    expect(iou([0, 0, 10, 10], [20, 20, 30, 30])).toBe(0);
    expect(iou([0, 0, 10, 10], [10, 0, 20, 10])).toBe(0);
  });

  it("is 0, not NaN, when the union is empty", () => {
    expect(iou([1, 1, 1, 1], [1, 1, 1, 1])).toBe(0);
  });
});

describe("boxFromPolygon", () => {
  it("returns the bounding box", () => {
    expect(
      boxFromPolygon([
        [3, 7],
        [10, 2],
        [6, 12],
      ]),
    ).toEqual([3, 2, 10, 12]);
  });

  it("throws on an empty polygon and on non-finite points", () => {
    expect(() => boxFromPolygon([])).toThrow(RangeError);
    expect(() => boxFromPolygon([[0, NaN]])).toThrow(RangeError);
  });
});

describe("boxCenter", () => {
  it("is the midpoint", () => {
    expect(boxCenter([10, 20, 30, 60])).toEqual([20, 40]);
  });
});
