// The node a click on the screenshot selects, and bounds drawn on a resized screenshot.
import { treeFitText } from "@/components/editor/tree-fit-text";
import { translator } from "@/lib/i18n/translate";
import { describe, expect, it } from "vitest";
import { fitToImage } from "@/lib/ui-tree/fit-to-image";
import { deepestNodeAt } from "@/lib/ui-tree/hit-test";
import { assignIds, type DraftNode, type UiTree } from "@/lib/ui-tree/node";

const n = (text: string, b: [number, number, number, number] | null, children: DraftNode[] = []): DraftNode => ({
  role: "View", text, detail: "", bounds: b ? { x1: b[0], y1: b[1], x2: b[2], y2: b[3] } : null, children,
});
const tree = (roots: DraftNode[]): UiTree => ({ format: "android-xml", roots: assignIds(roots) });

const screen = tree([
  n("window", [0, 0, 360, 640], [
    n("panel", [0, 100, 360, 400], [n("row", [20, 200, 340, 250], [n("unplaced", null)]), n("badge", [300, 210, 330, 240])]),
    // A child outside its parent, as Android allows: still found.
    n("popup", [0, 0, 100, 50], []),
  ]),
  n("overlay", [0, 600, 360, 640]),
]);

describe("deepestNodeAt", () => {
  it("picks the deepest node containing the point", () => {
    expect(deepestNodeAt(screen, 50, 220)?.text).toBe("row");
    expect(deepestNodeAt(screen, 50, 300)?.text).toBe("panel");
    expect(deepestNodeAt(screen, 50, 500)?.text).toBe("window");
  });

  it("between equally deep nodes, takes the smaller box; bounds are inclusive", () => {
    expect(deepestNodeAt(screen, 310, 220)?.text).toBe("badge");
    expect(deepestNodeAt(screen, 340, 250)?.text).toBe("row");
  });

  it("finds a child lying outside its parent, and nothing outside every box", () => {
    expect(deepestNodeAt(screen, 10, 10)?.text).toBe("popup");
    expect(deepestNodeAt(screen, 400, 10)).toBeNull();
  });

  it("a deeper node beats a shallower one even when the shallower is smaller", () => {
    expect(deepestNodeAt(screen, 50, 620)?.text).toBe("overlay");
    const deepBig = tree([n("root", [0, 0, 100, 100], [n("deep", [0, 0, 100, 100])]), n("small", [10, 10, 20, 20])]);
    expect(deepestNodeAt(deepBig, 15, 15)?.text).toBe("deep");
  });
});

describe("fitToImage", () => {
  it("leaves a tree that fits the screenshot as it is", () => {
    expect(fitToImage(screen, 360, 640)).toEqual({ tree: screen, scale: null, note: null });
  });

  it("scales a tree of a larger screen with the same aspect ratio, and says so", () => {
    const fitted = fitToImage(screen, 180, 320);
    expect(fitted.scale).toBe(0.5);
    expect(fitted.note).toEqual({ kind: "scaled", tree: { width: 360, height: 640 }, image: { width: 180, height: 320 }, factor: 0.5 });
    expect(treeFitText(translator("en"), fitted.note)).toMatch(/360×640 screen.*180×320.*scaled by 0\.500/);
    expect(treeFitText(translator("zh-CN"), fitted.note)).toContain("按 0.500 缩放");
    expect(deepestNodeAt(fitted.tree, 25, 110)?.bounds).toEqual({ x1: 10, y1: 100, x2: 170, y2: 125 });
  });

  it("counts nodes past an image of another shape instead of clamping them", () => {
    const fitted = fitToImage(screen, 360, 500);
    expect(fitted.scale).toBeNull();
    expect(fitted.note).toMatchObject({ kind: "outside", count: 2 });
    expect(treeFitText(translator("en"), fitted.note)).toMatch(/^2 nodes reach past the 360×500 screenshot/);
    expect(fitted.tree).toBe(screen);
  });
});

describe("snapping a grounding box", () => {
  it("targets the deepest element under the box's centre and takes its bounds", async () => {
    const { boxOfElement, elementUnderBox } = await import("@/lib/ui-tree/snap");
    const target = elementUnderBox(screen, [30, 205, 70, 240]);
    expect(target?.text).toBe("row");
    expect(boxOfElement(target!)).toEqual([20, 200, 340, 250]);
    expect(elementUnderBox(screen, [390, 0, 410, 20])).toBeNull();
    expect(boxOfElement({ id: "0", role: "a", text: "", detail: "", bounds: null, children: [] })).toBeNull();
  });
});
