import { describe, expect, it } from "vitest";
import type { Box, Point } from "@/lib/domain/geometry";
import {
  MIN_BOX_SIZE,
  boxFromDrag,
  clampBoxToImage,
  enforceMinSize,
  hitHandle,
  moveBox,
  nudge,
  resizeBox,
  roundBox,
  type Handle,
} from "@/lib/editor/box-ops";

const image = { width: 1920, height: 1080 };

describe("clampBoxToImage", () => {
  it("cuts a box at the image edges", () => {
    expect(clampBoxToImage([-10, 50, 2000, 1200], image)).toEqual([0, 50, 1920, 1080]);
  });

  it("normalizes an inverted box first", () => {
    expect(clampBoxToImage([300, 200, 100, 50], image)).toEqual([100, 50, 300, 200]);
  });
});

describe("enforceMinSize", () => {
  it("is 1 image pixel by default", () => {
    expect(MIN_BOX_SIZE).toBe(1);
  });

  it("grows a too-small box about its centre", () => {
    expect(enforceMinSize([100, 100, 100.5, 100], 1, image)).toEqual([99.75, 99.5, 100.75, 100.5]);
    expect(enforceMinSize([10, 10, 12, 30], 5, image)).toEqual([8.5, 10, 13.5, 30]);
  });

  it("shifts the grown box back inside at the image corners", () => {
    expect(enforceMinSize([0, 0, 0, 0], 1, image)).toEqual([0, 0, 1, 1]);
    expect(enforceMinSize([1920, 1080, 1920, 1080], 1, image)).toEqual([1919, 1079, 1920, 1080]);
  });

  it("leaves a big enough box alone and clamps one that sticks out", () => {
    expect(enforceMinSize([10, 20, 30, 40], 1, image)).toEqual([10, 20, 30, 40]);
    expect(enforceMinSize([1900, -5, 2500, 40], 1, image)).toEqual([1900, 0, 1920, 40]);
  });

  it("gives the whole axis when the image is smaller than the minimum", () => {
    expect(enforceMinSize([1, 1, 1, 1], 5, { width: 3, height: 3 })).toEqual([0, 0, 3, 3]);
  });
});

describe("moveBox", () => {
  it("moves by the delta and keeps the size", () => {
    expect(moveBox([100, 100, 200, 150], 10, -20, image)).toEqual([110, 80, 210, 130]);
  });

  it("stops at the edge by shifting, never by shrinking", () => {
    expect(moveBox([100, 100, 200, 150], -500, 0, image)).toEqual([0, 100, 100, 150]);
    expect(moveBox([100, 100, 200, 150], 5000, 5000, image)).toEqual([1820, 1030, 1920, 1080]);
  });
});

describe("nudge", () => {
  it("moves 1 or 10 px in each direction", () => {
    const box: Box = [100, 100, 200, 150];
    expect(nudge(box, "left", 1, image)).toEqual([99, 100, 199, 150]);
    expect(nudge(box, "right", 10, image)).toEqual([110, 100, 210, 150]);
    expect(nudge(box, "up", 10, image)).toEqual([100, 90, 200, 140]);
    expect(nudge(box, "down", 1, image)).toEqual([100, 101, 200, 151]);
  });

  it("stops at the image edge", () => {
    const nearRight: Box = [1915, 500, 1919, 510];
    const atRight = nudge(nearRight, "right", 10, image);
    expect(atRight).toEqual([1916, 500, 1920, 510]);
    expect(nudge(atRight, "right", 1, image)).toEqual([1916, 500, 1920, 510]);
    expect(nudge([0, 3, 40, 13], "left", 1, image)).toEqual([0, 3, 40, 13]);
    expect(nudge([0, 3, 40, 13], "up", 10, image)).toEqual([0, 0, 40, 10]);
    expect(nudge([0, 1075, 40, 1080], "down", 10, image)).toEqual([0, 1075, 40, 1080]);
  });
});

describe("resizeBox", () => {
  const box: Box = [100, 100, 200, 200];

  it("moves only the edges each handle names", () => {
    const cases: Array<[Handle, Point, Box]> = [
      ["nw", [90, 80], [90, 80, 200, 200]],
      ["n", [150, 120], [100, 120, 200, 200]],
      ["ne", [230, 70], [100, 70, 230, 200]],
      ["e", [260, 999], [100, 100, 260, 200]],
      ["se", [210, 220], [100, 100, 210, 220]],
      ["s", [0, 250], [100, 100, 200, 250]],
      ["sw", [50, 260], [50, 100, 200, 260]],
      ["w", [120, 0], [120, 100, 200, 200]],
    ];
    for (const [handle, point, expected] of cases) {
      expect(resizeBox(box, handle, point, image, 1), handle).toEqual(expected);
    }
  });

  it("flips when dragged past the opposite edge, and stays normalized", () => {
    const cases: Array<[Handle, Point, Box]> = [
      ["nw", [260, 250], [200, 200, 260, 250]],
      ["n", [150, 260], [100, 200, 200, 260]],
      ["ne", [40, 240], [40, 200, 100, 240]],
      ["e", [40, 150], [40, 100, 100, 200]],
      ["se", [20, 10], [20, 10, 100, 100]],
      ["s", [150, 30], [100, 30, 200, 100]],
      ["sw", [230, 50], [200, 50, 230, 100]],
      ["w", [300, 150], [200, 100, 300, 200]],
    ];
    for (const [handle, point, expected] of cases) {
      expect(resizeBox(box, handle, point, image, 1), handle).toEqual(expected);
    }
  });

  it("keeps the minimum size on the side the pointer is on", () => {
    expect(resizeBox(box, "e", [100.3, 150], image, 1)).toEqual([100, 100, 101, 200]);
    expect(resizeBox(box, "e", [99.8, 150], image, 1)).toEqual([99, 100, 100, 200]);
    expect(resizeBox(box, "e", [100, 150], image, 1)).toEqual([100, 100, 101, 200]);
    expect(resizeBox(box, "w", [200, 150], image, 1)).toEqual([199, 100, 200, 200]);
    expect(resizeBox(box, "se", [101, 102], image, 4)).toEqual([100, 100, 104, 104]);
  });

  it("puts the minimum inside the image when the fixed edge is on the image edge", () => {
    expect(resizeBox([1900, 0, 1920, 10], "w", [1925, 5], image, 1)).toEqual([1919, 0, 1920, 10]);
    expect(resizeBox([0, 0, 20, 10], "e", [-3, 5], image, 1)).toEqual([0, 0, 1, 10]);
  });

  it("clamps the pointer to the image", () => {
    expect(resizeBox(box, "se", [5000, -50], image, 1)).toEqual([100, 0, 1920, 100]);
    expect(resizeBox(box, "nw", [-40, -40], image, 1)).toEqual([0, 0, 200, 200]);
  });
});

describe("boxFromDrag", () => {
  it("normalizes a box drawn in any direction", () => {
    expect(boxFromDrag([300, 200], [100, 50], image)).toEqual([100, 50, 300, 200]);
  });

  it("clamps a drag that leaves the image", () => {
    expect(boxFromDrag([1900, 10], [2100, -30], image)).toEqual([1900, 0, 1920, 10]);
  });
});

describe("roundBox", () => {
  it("rounds to 2 decimals by default", () => {
    expect(roundBox([10.123456, 20.5, 30.499999, 40.005001])).toEqual([10.12, 20.5, 30.5, 40.01]);
  });

  it("rounds to the given decimals", () => {
    expect(roundBox([0.4, 1.5, 2.5, 3.49], 0)).toEqual([0, 2, 3, 3]);
  });

  it("never yields -0", () => {
    expect(Object.is(roundBox([-0.001, 0, 1, 1])[0], 0)).toBe(true);
  });
});

describe("hitHandle", () => {
  // box [100, 100, 200, 150] at scale 2, offset (10, 20) is the stage rect 210..410 x 220..320
  const vp = { scale: 2, offsetX: 10, offsetY: 20 };
  const box: Box = [100, 100, 200, 150];

  it("finds corners, edges and the body", () => {
    const cases: Array<[Point, Handle | "body"]> = [
      [[210, 220], "nw"],
      [[410, 320], "se"],
      [[410, 220], "ne"],
      [[205, 325], "sw"],
      [[310, 218], "n"],
      [[310, 325], "s"],
      [[205, 270], "w"],
      [[414, 270], "e"],
      [[310, 225], "n"],
      [[310, 230], "body"],
      [[310, 270], "body"],
    ];
    for (const [point, expected] of cases) {
      expect(hitHandle(point, box, vp, 6), point.join(",")).toBe(expected);
    }
  });

  it("misses beyond the tolerance", () => {
    expect(hitHandle([203, 270], box, vp, 6)).toBeNull();
    expect(hitHandle([310, 400], box, vp, 6)).toBeNull();
  });

  it("keeps a middle third to move a small box by", () => {
    // [100, 100, 103, 103] is 6x6 stage px at 210..216 x 220..226: handles reach 2 px inside
    const small: Box = [100, 100, 103, 103];
    expect(hitHandle([213, 223], small, vp, 6)).toBe("body");
    expect(hitHandle([211, 223], small, vp, 6)).toBe("w");
    expect(hitHandle([209, 223], small, vp, 6)).toBe("w");
    expect(hitHandle([215, 225], small, vp, 6)).toBe("se");
  });

  it("picks the side of a zero-width box the pointer is on, east when exactly on it", () => {
    const line: Box = [100, 100, 100, 150];
    expect(hitHandle([208, 270], line, vp, 6)).toBe("w");
    expect(hitHandle([210, 270], line, vp, 6)).toBe("e");
    expect(hitHandle([212, 270], line, vp, 6)).toBe("e");
  });
});
