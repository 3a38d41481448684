import { describe, expect, it } from "vitest";
import {
  COORDINATE_UNITS,
  CoordinateContractSchema,
  boxFromPixels,
  boxToPixels,
  pointFromPixels,
  pointToPixels,
  type CoordinateContract,
} from "@/lib/domain/coordinates";

const image = { width: 1920, height: 1080 };

// Float arithmetic: (0.1 + 0.3) * 1000 is 400.00000000000006, so compare to 9 decimals.
function expectClose(actual: readonly number[], expected: readonly number[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i] as number, 9));
}

describe("boxToPixels", () => {
  it("0-1000: v / 1000 * size", () => {
    // 500/1000*1920 = 960, 250/1000*1080 = 270, 750/1000*1920 = 1440, 500/1000*1080 = 540
    expect(boxToPixels([500, 250, 750, 500], { format: "xyxy", unit: "0-1000" }, image)).toEqual([960, 270, 1440, 540]);
  });

  it("0-999: v / 999 * size, so 999 is the far edge", () => {
    // 999/999*1920 = 1920; 0-1000 would give 999/1000*1920 = 1918.08
    const box = boxToPixels([0, 0, 999, 999], { format: "xyxy", unit: "0-999" }, image);
    expect(box[2]).toBeCloseTo(1920, 9);
    expect(box[3]).toBeCloseTo(1080, 9);
    // 333/999*1920 = 640
    expect(boxToPixels([333, 0, 333, 0], { format: "xyxy", unit: "0-999" }, image)[0]).toBeCloseTo(640, 9);
  });

  it("0-1 and 0-100", () => {
    // 0.5*1920 = 960, 0.25*1080 = 270, 0.75*1920 = 1440, 1*1080 = 1080
    expect(boxToPixels([0.5, 0.25, 0.75, 1], { format: "xyxy", unit: "0-1" }, image)).toEqual([960, 270, 1440, 1080]);
    // 50/100*1920 = 960, 25/100*1080 = 270
    expect(boxToPixels([50, 25, 75, 100], { format: "xyxy", unit: "0-100" }, image)).toEqual([960, 270, 1440, 1080]);
  });

  it("px is the identity without a reference size", () => {
    expect(boxToPixels([1, 2, 3, 4], { format: "xyxy", unit: "px" }, image)).toEqual([1, 2, 3, 4]);
  });

  it("px with a reference scales from the resized image", () => {
    // model saw 960x540, screenshot is 1920x1080: factor 2 on both axes
    const contract = { format: "xyxy", unit: "px", reference: { width: 960, height: 540 } } as const;
    expect(boxToPixels([10, 20, 30, 40], contract, image)).toEqual([20, 40, 60, 80]);
  });

  it("xywh adds width and height to the origin", () => {
    // [10, 20, 10+30, 20+40]
    expect(boxToPixels([10, 20, 30, 40], { format: "xywh", unit: "px" }, image)).toEqual([10, 20, 40, 60]);
    // 0-1 on 1000x500: x=100, y=100, x2=(0.1+0.3)*1000=400, y2=(0.2+0.4)*500=300
    expectClose(boxToPixels([0.1, 0.2, 0.3, 0.4], { format: "xywh", unit: "0-1" }, { width: 1000, height: 500 }), [
      100, 100, 400, 300,
    ]);
  });

  it("throws RangeError naming what was wrong", () => {
    const c: CoordinateContract = { format: "xyxy", unit: "px" };
    expect(() => boxToPixels([1, 2, 3], c, image)).toThrow(/box must have 4 numbers, got 3/);
    expect(() => boxToPixels([1, 2, NaN, 4], c, image)).toThrow(/index 2/);
    expect(() => boxToPixels([1, 2, Infinity, 4], c, image)).toThrow(RangeError);
    expect(() => boxToPixels([1, 2, "3", 4] as unknown as number[], c, image)).toThrow(/index 2/);
    expect(() => boxToPixels([10, 2, 3, 4], c, image)).toThrow(/inverted/);
    expect(() => boxToPixels([1, 2, -3, 4], { format: "xywh", unit: "px" }, image)).toThrow(/negative size/);
    expect(() => boxToPixels([1, 2, 3, 4], c, { width: 0, height: 10 })).toThrow(/image size/);
  });
});

describe("pointToPixels", () => {
  it("converts in every unit", () => {
    expect(pointToPixels([500, 500], { format: "xyxy", unit: "0-1000" }, image)).toEqual([960, 540]);
    expect(pointToPixels([0.5, 0.5], { format: "xyxy", unit: "0-1" }, image)).toEqual([960, 540]);
    expect(pointToPixels([50, 50], { format: "xywh", unit: "0-100" }, image)).toEqual([960, 540]);
    const p = pointToPixels([999, 999], { format: "xyxy", unit: "0-999" }, image);
    expect(p[0]).toBeCloseTo(1920, 9);
    expect(p[1]).toBeCloseTo(1080, 9);
    // reference 1280x720 -> 1920x1080 is factor 1.5: 100*1.5 = 150, 200*1.5 = 300
    expect(pointToPixels([100, 200], { format: "xyxy", unit: "px", reference: { width: 1280, height: 720 } }, image)).toEqual([
      150, 300,
    ]);
  });

  it("throws on a wrong count", () => {
    expect(() => pointToPixels([1, 2, 3], { format: "xyxy", unit: "px" }, image)).toThrow(/point must have 2 numbers, got 3/);
    expect(() => pointToPixels([1], { format: "xyxy", unit: "px" }, image)).toThrow(RangeError);
  });
});

describe("round trips", () => {
  // Raw values in each unit, chosen to be non-trivial (not multiples of the scale).
  const rawBoxes: Record<(typeof COORDINATE_UNITS)[number], number[]> = {
    px: [13.25, 7.5, 401.75, 222],
    "0-1": [0.1234, 0.125, 0.25, 0.5],
    "0-100": [12.5, 33.3, 20.1, 40],
    "0-999": [17, 333, 500, 600],
    "0-1000": [17, 333, 500, 600],
  };
  const screen = { width: 2560, height: 1440 };

  for (const unit of COORDINATE_UNITS) {
    for (const format of ["xyxy", "xywh"] as const) {
      it(`box ${format} ${unit}`, () => {
        const raw = rawBoxes[unit];
        const contract: CoordinateContract = { format, unit };
        const back = boxFromPixels(boxToPixels(raw, contract, screen), contract, screen);
        expectClose(back, raw);
      });
    }
    it(`point ${unit}`, () => {
      const raw = rawBoxes[unit].slice(0, 2);
      const contract: CoordinateContract = { format: "xyxy", unit };
      const back = pointFromPixels(pointToPixels(raw, contract, screen), contract, screen);
      expectClose(back, raw);
    });
  }

  it("px with a reference size, both formats", () => {
    for (const format of ["xyxy", "xywh"] as const) {
      const contract: CoordinateContract = { format, unit: "px", reference: { width: 1092, height: 616 } };
      const raw = [101, 52.5, 300, 200];
      const back = boxFromPixels(boxToPixels(raw, contract, screen), contract, screen);
      expectClose(back, raw);
    }
  });

  it("boxFromPixels writes xywh from pixels", () => {
    // [100,100,400,300] on 1000x500 in 0-1 xywh: x=0.1, y=0.2, w=300/1000=0.3, h=200/500=0.4
    const out = boxFromPixels([100, 100, 400, 300], { format: "xywh", unit: "0-1" }, { width: 1000, height: 500 });
    expectClose(out, [0.1, 0.2, 0.3, 0.4]);
  });
});

describe("CoordinateContractSchema", () => {
  it("accepts every unit and both formats", () => {
    for (const unit of COORDINATE_UNITS) {
      expect(CoordinateContractSchema.safeParse({ format: "xywh", unit }).success).toBe(true);
    }
  });

  it("rejects a reference size on a normalized unit and non-positive sizes", () => {
    expect(
      CoordinateContractSchema.safeParse({ format: "xyxy", unit: "0-1000", reference: { width: 10, height: 10 } }).success,
    ).toBe(false);
    expect(
      CoordinateContractSchema.safeParse({ format: "xyxy", unit: "px", reference: { width: 0, height: 10 } }).success,
    ).toBe(false);
    expect(CoordinateContractSchema.safeParse({ format: "cxcywh", unit: "px" }).success).toBe(false);
  });
});
