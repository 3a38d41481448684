// The labels on the box editor's canvas (issue 36, item 22): at fit zoom a 22x25 icon is a few
// stage pixels, and the tags of the editable box, the imported box, the UI element and three
// models used to sit on it and on each other. Each now sits outside every box and marker it
// can avoid, apart from the others, inside the stage; one that had to stand away is detached.
import { describe, expect, it } from "vitest";
import { placeChips, type Rect } from "@/lib/editor/chip-layout";

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const stage = { width: 800, height: 500 };

describe("placeChips", () => {
  it("puts six chips naming one small icon apart from each other and off the icon and the points", () => {
    // The icon at 27% zoom: 6x7 stage pixels; three model points inside it.
    const icon = { x: 486, y: 167, width: 6, height: 7 };
    const point = (x: number, y: number) => ({ x: x - 8, y: y - 8, width: 16, height: 16 });
    const points = [point(487, 170), point(490, 172), point(508, 186)];
    const requests = [
      { key: "box", anchor: icon, width: 52, height: 18 },
      { key: "imported", anchor: icon, width: 60, height: 18 },
      { key: "ui", anchor: icon, width: 150, height: 18 },
      ...points.map((anchor, i) => ({ key: `model${i}`, anchor, width: 64, height: 18 })),
    ];
    const placed = placeChips(requests, [icon, icon, icon, ...points], stage);
    expect(placed.map((p) => p.key)).toEqual(requests.map((r) => r.key));
    for (const [i, chip] of placed.entries()) {
      expect(overlaps(chip, icon), `${chip.key} covers the icon`).toBe(false);
      for (const p of points) expect(overlaps(chip, p), `${chip.key} covers a point`).toBe(false);
      for (const other of placed.slice(i + 1)) expect(overlaps(chip, other), `${chip.key} on ${other.key}`).toBe(false);
      expect(chip.x >= 0 && chip.y >= 0 && chip.x + chip.width <= stage.width && chip.y + chip.height <= stage.height).toBe(true);
    }
    // The first gets the nearest free place: above the icon, clear of the points' markers.
    expect(placed[0]!.x).toBe(486);
    expect(placed[0]!.y + 18).toBeLessThanOrEqual(162);
  });

  it("stays inside the stage: a box at its top gets its tag below", () => {
    const box = { x: 780, y: 0, width: 20, height: 20 };
    const [chip] = placeChips([{ key: "box", anchor: box, width: 60, height: 18 }], [box], stage);
    expect(chip!.y).toBe(22);
    expect(chip!.x + chip!.width).toBeLessThanOrEqual(stage.width);
  });

  it("lets a large box go when a small box inside it leaves no free place outside both", () => {
    const large = { x: 0, y: 0, width: 800, height: 500 };
    const small = { x: 300, y: 200, width: 20, height: 20 };
    const [chip] = placeChips([{ key: "small", anchor: small, width: 40, height: 18 }], [large, small], stage);
    expect(overlaps(chip!, small)).toBe(false);
    expect(chip!.isDetached).toBe(false);
  });

  it("marks a chip stacked away from its anchor as detached, for the leader line", () => {
    const box = { x: 100, y: 100, width: 10, height: 10 };
    const requests = ["a", "b", "c"].map((key) => ({ key, anchor: box, width: 200, height: 18 }));
    const placed = placeChips(requests, [box], stage);
    expect(placed.map((p) => p.isDetached)).toEqual([false, false, true]);
  });
});
