import { describe, expect, it } from "vitest";
import { changedRegions, MAX_REGIONS } from "@/lib/domain/screen-diff";
import type { DecodedImage } from "@/lib/domain/screen-agreement";

// A grey RGB image of w x h; paint() sets a rectangle to another colour.
function image(width: number, height: number): DecodedImage {
  return { data: new Uint8Array(width * height * 3).fill(120), width, height, channels: 3 };
}
function paint(img: DecodedImage, x1: number, y1: number, x2: number, y2: number, value = 10): DecodedImage {
  const data = new Uint8Array(img.data);
  for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++) data[(y * img.width + x) * 3 + 1] = value;
  return { ...img, data };
}

describe("changedRegions", () => {
  it("is empty when no pixel differs, null when the images cannot be compared", () => {
    const a = image(64, 128);
    expect(changedRegions(a, image(64, 128))).toEqual([]);
    expect(changedRegions(a, image(64, 64))).toBeNull();
    expect(changedRegions(a, { ...image(64, 128), channels: 4, data: new Uint8Array(64 * 128 * 4) })).toBeNull();
  });

  it("gives one box per separate change, covering it, in image pixels on the cell grid", () => {
    // 640 x 1280: cells of 20 px. A 1-px change in the status bar and a dialog in the middle.
    const a = image(640, 1280);
    const b = paint(paint(a, 600, 5, 601, 6), 100, 500, 540, 700);
    const regions = changedRegions(a, b)!;
    expect(regions).toEqual([
      [600, 0, 620, 20],
      [100, 500, 540, 700],
    ]);
  });

  it("joins changes in touching cells into one box", () => {
    const a = image(640, 1280);
    const b = paint(paint(a, 100, 100, 119, 119), 120, 120, 130, 130);
    expect(changedRegions(a, b)).toEqual([[100, 100, 140, 140]]);
  });

  it("keeps the box inside an image whose size is not a multiple of the cell", () => {
    const a = image(130, 70);
    const b = paint(a, 128, 68, 130, 70);
    const [box] = changedRegions(a, b)!;
    expect(box![2]).toBe(130);
    expect(box![3]).toBe(70);
  });

  it("merges into the one box around all changes past the cap (noise, a video)", () => {
    const a = image(640, 640);
    let b = a;
    // A checkerboard of isolated one-pixel changes, one every other cell: far more than the cap.
    for (let cy = 0; cy < 32; cy += 2) for (let cx = 0; cx < 64; cx += 2) b = paint(b, cx * 10, cy * 10 * 2, cx * 10 + 1, cy * 10 * 2 + 1);
    const regions = changedRegions(a, b)!;
    expect(regions).toHaveLength(1);
    expect(MAX_REGIONS).toBeLessThan(200);
    expect(regions[0]![0]).toBe(0);
    expect(regions[0]![1]).toBe(0);
  });
});
