import { describe, expect, it } from "vitest";
import type { Point } from "@/lib/domain/geometry";
import {
  actualSizeViewport,
  boxFromStage,
  boxToStage,
  fitViewport,
  imageToStage,
  panBy,
  stageToImage,
  zoomAt,
  zoomedViewport,
  type Viewport,
} from "@/lib/editor/viewport";

function expectPointClose(actual: Point, expected: Point, tolerance = 1e-9): void {
  expect(Math.abs(actual[0] - expected[0])).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(actual[1] - expected[1])).toBeLessThanOrEqual(tolerance);
}

describe("imageToStage / stageToImage", () => {
  it("applies stage = image * scale + offset", () => {
    const vp: Viewport = { scale: 2.5, offsetX: 10, offsetY: -20 };
    expect(imageToStage([100, 40], vp)).toEqual([260, 80]);
    expect(stageToImage([260, 80], vp)).toEqual([100, 40]);
  });

  it("round-trips within 1e-9 at zooms 0.1, 1, 2.5 and 7 and several offsets", () => {
    const offsets: Array<[number, number]> = [
      [0, 0],
      [-1234.5, 87.25],
      [640.123, -3000.77],
    ];
    const points: Point[] = [
      [0, 0],
      [3839.77, 2159.01],
      [17.3, 999.999],
      [1920.5, 0.125],
    ];
    for (const scale of [0.1, 1, 2.5, 7]) {
      for (const [offsetX, offsetY] of offsets) {
        const vp = { scale, offsetX, offsetY };
        for (const p of points) {
          expectPointClose(stageToImage(imageToStage(p, vp), vp), p);
          expectPointClose(imageToStage(stageToImage(p, vp), vp), p);
        }
      }
    }
  });
});

describe("boxToStage / boxFromStage", () => {
  const vp: Viewport = { scale: 2.5, offsetX: 10, offsetY: -20 };

  it("gives Konva's x/y/width/height and back", () => {
    expect(boxToStage([100, 40, 300, 90], vp)).toEqual({ x: 260, y: 80, width: 500, height: 125 });
    const rect = { x: 260, y: 80, width: 500, height: 125 };
    expect(boxFromStage(rect, vp)).toEqual([100, 40, 300, 90]);
  });

  it("normalizes a rect flipped by a transformer (negative width and height)", () => {
    expect(boxFromStage({ x: 760, y: 205, width: -500, height: -125 }, vp)).toEqual([
      100, 40, 300, 90,
    ]);
  });

  it("round-trips a box at zoom 7 with a fractional offset", () => {
    const z = { scale: 7, offsetX: -311.4, offsetY: 12.06 };
    const back = boxFromStage(boxToStage([12.34, 56.78, 910.11, 1213.14], z), z);
    expectPointClose([back[0], back[1]], [12.34, 56.78]);
    expectPointClose([back[2], back[3]], [910.11, 1213.14]);
  });
});

describe("fitViewport", () => {
  it("fits a 3840x2160 screenshot into 1280x720 at scale 1/3 with no offset", () => {
    expect(fitViewport({ width: 3840, height: 2160 }, { width: 1280, height: 720 })).toEqual({
      scale: 1 / 3,
      offsetX: 0,
      offsetY: 0,
    });
  });

  it("keeps the padding and centres on the other axis", () => {
    // min((1000 - 40) / 1920, (800 - 40) / 1080) = min(0.5, 0.7037) = 0.5
    expect(fitViewport({ width: 1920, height: 1080 }, { width: 1000, height: 800 }, 20)).toEqual({
      scale: 0.5,
      offsetX: 20,
      offsetY: 130,
    });
  });

  it("caps at the zoom limits: a 10x10 icon at 32x, an unmeasured 0x0 stage at 0.05x", () => {
    expect(fitViewport({ width: 10, height: 10 }, { width: 1280, height: 720 })).toEqual({
      scale: 32,
      offsetX: 480,
      offsetY: 200,
    });
    expect(fitViewport({ width: 3840, height: 2160 }, { width: 0, height: 0 }).scale).toBe(0.05);
  });

  it("refuses an empty image", () => {
    expect(() => fitViewport({ width: 0, height: 100 }, { width: 800, height: 600 })).toThrow(
      RangeError,
    );
  });
});

describe("actualSizeViewport", () => {
  it("puts one image pixel on one stage pixel, centred (negative offsets when larger)", () => {
    const stage = { width: 1280, height: 720 };
    expect(actualSizeViewport({ width: 3840, height: 2160 }, stage)).toEqual({
      scale: 1,
      offsetX: -1280,
      offsetY: -720,
    });
    expect(actualSizeViewport({ width: 400, height: 300 }, stage)).toEqual({
      scale: 1,
      offsetX: 440,
      offsetY: 210,
    });
  });
});

describe("zoomAt", () => {
  it("keeps the image point under the anchor fixed", () => {
    const vp: Viewport = { scale: 0.5, offsetX: 100, offsetY: 50 };
    // stage (400, 300) shows image (600, 500)
    const zoomed = zoomAt(vp, 2, [400, 300]);
    expect(zoomed).toEqual({ scale: 1, offsetX: -200, offsetY: -200 });
    expect(stageToImage([400, 300], zoomed)).toEqual([600, 500]);
  });

  it("keeps the anchor fixed over a series of zooms in and out", () => {
    let vp: Viewport = { scale: 1 / 3, offsetX: 0, offsetY: 0 };
    const anchor: Point = [937.5, 211.25];
    const imagePoint = stageToImage(anchor, vp);
    for (const factor of [1.25, 1.25, 3, 0.8, 7, 0.1, 1.1]) {
      vp = zoomAt(vp, factor, anchor);
      expectPointClose(stageToImage(anchor, vp), imagePoint);
    }
    expect(vp.scale).toBeCloseTo((1 / 3) * 1.25 * 1.25 * 3 * 0.8 * 7 * 0.1 * 1.1, 12);
  });

  it("stops at the limits, and at a limit returns the same viewport", () => {
    const near: Viewport = { scale: 20, offsetX: 0, offsetY: 0 };
    const capped = zoomAt(near, 2, [100, 100]);
    expect(capped.scale).toBe(32);
    expect(stageToImage([100, 100], capped)).toEqual([5, 5]);
    expect(zoomAt(capped, 2, [100, 100])).toBe(capped);
    expect(zoomAt(near, 0.001, [0, 0]).scale).toBe(0.05);
    expect(zoomAt(near, 4, [0, 0], { min: 1, max: 40 }).scale).toBe(40);
  });

  it("refuses a zero, negative or non-finite factor", () => {
    const vp: Viewport = { scale: 1, offsetX: 0, offsetY: 0 };
    expect(() => zoomAt(vp, 0, [0, 0])).toThrow(RangeError);
    expect(() => zoomAt(vp, -2, [0, 0])).toThrow(RangeError);
    expect(() => zoomAt(vp, NaN, [0, 0])).toThrow(RangeError);
  });
});

describe("panBy", () => {
  it("moves the offsets and keeps the scale", () => {
    expect(panBy({ scale: 1.5, offsetX: 10, offsetY: 20 }, 5, -7)).toEqual({
      scale: 1.5,
      offsetX: 15,
      offsetY: 13,
    });
  });

  it("returns the same object for a zero pan", () => {
    const vp: Viewport = { scale: 1, offsetX: 3, offsetY: 4 };
    expect(panBy(vp, 0, 0)).toBe(vp);
  });
});

// The trajectory screen's remembered zoom (issue 36, item 20): a factor over fit, centred on
// the step's action as far as the image allows.
describe("zoomedViewport", () => {
  const image = { width: 1024, height: 768 };
  const stage = { width: 760, height: 517 };
  const fitted = fitViewport(image, stage);

  it("is the fitted view at factor 1", () => {
    expect(zoomedViewport(image, stage, fitted, 1, null)).toEqual(fitted);
  });

  it("puts the focus in the middle of the stage when the image is larger than it", () => {
    const vp = zoomedViewport(image, stage, fitted, 2, [520, 316]);
    expect(vp.scale).toBeCloseTo(fitted.scale * 2, 10);
    const [x, y] = imageToStage([520, 316], vp);
    expect(x).toBeCloseTo(stage.width / 2, 6);
    expect(y).toBeCloseTo(stage.height / 2, 6);
  });

  it("keeps the image over the stage near its edges, and centred along an axis where it is smaller", () => {
    const corner = zoomedViewport(image, stage, fitted, 2, [0, 0]);
    expect(corner.offsetX).toBe(0);
    expect(corner.offsetY).toBe(0);
    const far = zoomedViewport(image, stage, fitted, 2, [1024, 768]);
    expect(far.offsetX + 1024 * far.scale).toBeCloseTo(stage.width, 6);
    expect(far.offsetY + 768 * far.scale).toBeCloseTo(stage.height, 6);
    const narrow = zoomedViewport(image, { width: 2000, height: 517 }, fitViewport(image, { width: 2000, height: 517 }), 1.2, [0, 0]);
    expect(narrow.offsetX).toBeCloseTo((2000 - 1024 * narrow.scale) / 2, 6);
  });

  it("refuses a factor that is not a positive number", () => {
    expect(() => zoomedViewport(image, stage, fitted, 0, null)).toThrow(RangeError);
  });
});
