// Coordinate conventions by hand-computed numbers: three boxes per convention, the rounding
// rule (half up, never Python's half to even), qwen-vl-utils' smart resize (whose own
// round() IS half to even), and the way back onto the screenshot for drawing.
import { describe, expect, it } from "vitest";
import { boxInConvention, conventionSpace, fromConvention, pointInConvention, boxCentre } from "@/lib/exports/conventions/coordinate-conventions";
import { AspectRatioError, pythonRound, smartResize } from "@/lib/exports/conventions/smart-resize";
import type { Box } from "@/lib/domain/geometry";

const inConvention = (convention: "rel1000" | "qwen25-abs" | "norm1", width: number, height: number, box: Box) => boxInConvention(box, conventionSpace(convention, { width, height }));

describe("rel1000: v = px * 1000 / W, rounded half up", () => {
  it("three boxes", () => {
    expect(inConvention("rel1000", 2560, 1440, [0, 0, 2560, 1440])).toEqual([0, 0, 1000, 1000]);
    // 100.5*1000/2560 = 39.258 -> 39; 200.25*1000/1440 = 139.06 -> 139; 1280 -> 500; 720 -> 500
    expect(inConvention("rel1000", 2560, 1440, [100.5, 200.25, 1280, 720])).toEqual([39, 139, 500, 500]);
    // On a 2000 x 1000 screen: 1 -> 0.5 -> 1 (Python's round(0.5) would say 0), 1 -> 1, 3 -> 1.5 -> 2, 3 -> 3
    expect(inConvention("rel1000", 2000, 1000, [1, 1, 3, 3])).toEqual([1, 1, 2, 3]);
  });
});

describe("qwen25-abs: pixels of the smart-resized image, v = px * Wr / W, rounded half up", () => {
  it("resizes as qwen-vl-utils does, halves to even in its own rounding", () => {
    // 2560/28 = 91.43 -> 91 -> 2548; 1440/28 = 51.43 -> 51 -> 1428
    expect(smartResize(2560, 1440)).toEqual({ width: 2548, height: 1428 });
    // 800/28 = 28.57 -> 29 -> 812; 500/28 = 17.86 -> 18 -> 504
    expect(smartResize(800, 500)).toEqual({ width: 812, height: 504 });
    // 1246/28 = 44.5 exactly: Python rounds to 44 (even) -> 1232, where Math.round would give 1260
    expect(smartResize(700, 1246).height).toBe(1232);
    expect(pythonRound(44.5)).toBe(44);
    expect(pythonRound(45.5)).toBe(46);
    // Over max_pixels (12845056): scaled down by beta then floored to the factor.
    const big = smartResize(7680, 4320);
    expect(big.width % 28).toBe(0);
    expect(big.width * big.height).toBeLessThanOrEqual(12845056);
    expect(() => smartResize(20100, 100)).toThrow(AspectRatioError);
  });

  it("three boxes", () => {
    // 2560x1440 -> 2548x1428: 1280*2548/2560 = 1274, 720*1428/1440 = 714
    expect(inConvention("qwen25-abs", 2560, 1440, [1280, 720, 2560, 1440])).toEqual([1274, 714, 2548, 1428]);
    // 800x500 -> 812x504: 100*812/800 = 101.5 -> 102 (half up); 50*504/500 = 50.4 -> 50; 400 -> 406; 250 -> 252
    expect(inConvention("qwen25-abs", 800, 500, [100, 50, 400, 250])).toEqual([102, 50, 406, 252]);
    // 0 stays 0 and the far edge is the resized edge.
    expect(inConvention("qwen25-abs", 800, 500, [0, 0, 800, 500])).toEqual([0, 0, 812, 504]);
  });
});

describe("half-even: ms-swift's own int(round(px / W * N)) for its objects rows (issue 36 item 1)", () => {
  it("rounds the halves to even, where half up goes up", () => {
    const half = (px: number, rounding: "half-up" | "half-even") => boxInConvention([px, 18, px, 18], conventionSpace("rel1000", { width: 2560, height: 1440 }, rounding));
    // 928 / 2560 * 1000 = 362.5 -> 362 (ms-swift), 363 (half up); 18 / 1440 * 1000 = 12.5 -> 12 / 13
    expect(half(928, "half-even")).toEqual([362, 12, 362, 12]);
    expect(half(928, "half-up")).toEqual([363, 13, 363, 13]);
    // 96 -> 37.5 -> 38 either way (38 is even)
    expect(half(96, "half-even")[0]).toBe(38);
    // On the resized grid (2548 x 1428): 960 -> 955.5 -> 956; 60 -> 59.5 -> 60; 320 -> 318.5 -> 318; 180 -> 178.5 -> 178
    const abs = conventionSpace("qwen25-abs", { width: 2560, height: 1440 }, "half-even");
    expect(boxInConvention([960, 60, 320, 180], abs)).toEqual([956, 60, 318, 178]);
    expect(() => conventionSpace("norm1", { width: 10, height: 10 }, "half-even")).toThrow(RangeError);
  });
});

describe("norm1: v = px / W, four decimals rounded half up", () => {
  it("three boxes", () => {
    expect(inConvention("norm1", 1920, 1080, [192, 108, 960, 540])).toEqual([0.1, 0.1, 0.5, 0.5]);
    // 1/1920 = 0.00052 -> 0.0005; 1/1080 = 0.00093 -> 0.0009; 1919/1920 = 0.99948 -> 0.9995; 1079/1080 = 0.99907 -> 0.9991
    expect(inConvention("norm1", 1920, 1080, [1, 1, 1919, 1079])).toEqual([0.0005, 0.0009, 0.9995, 0.9991]);
    // 1/8 = 0.125 exactly, kept; 1/16 = 0.0625 -> 0.0625
    expect(inConvention("norm1", 8, 16, [1, 1, 8, 16])).toEqual([0.125, 0.0625, 1, 1]);
  });
});

describe("points and the way back", () => {
  it("a point target is the box's centre in the convention", () => {
    const space = conventionSpace("rel1000", { width: 2000, height: 1000 });
    // centre (201.5, 200) px -> 201.5*1000/2000 = 100.75 -> 101, 200*1000/1000 = 200
    expect(pointInConvention(boxCentre([100, 100, 303, 300]), space)).toEqual([101, 200]);
  });

  it("maps back onto the screenshot within half a unit", () => {
    for (const convention of ["rel1000", "qwen25-abs", "norm1"] as const) {
      const space = conventionSpace(convention, { width: 1366, height: 768 });
      const px = 683.3;
      const back = fromConvention(pointInConvention([px, px / 2], space)[0], "x", space);
      const unit = convention === "norm1" ? 1366 / 10000 : convention === "rel1000" ? 1366 / 1000 : 1366 / space.extent.width;
      expect(Math.abs(back - px)).toBeLessThanOrEqual(unit / 2 + 1e-9);
    }
  });
});
