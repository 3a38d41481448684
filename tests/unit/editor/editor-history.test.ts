import { describe, expect, it } from "vitest";
import type { Box } from "@/lib/domain/geometry";
import { boxFromDrag } from "@/lib/editor/box-ops";
import {
  applyAction,
  cancelGesture,
  finishGesture,
  previewGesture,
} from "@/lib/editor/editor-history";
import { canUndo, createHistory, undo } from "@/lib/editor/history";
import { createEditorState } from "@/lib/editor/state";

const image = { width: 1920, height: 1080 };
const start = createEditorState({ image, boxes: [{ id: "a", box: [100, 100, 200, 150] }] });

describe("applyAction", () => {
  it("makes one step per discrete action, and none for select", () => {
    let h = createHistory(start);
    h = applyAction(h, { type: "select", id: "a" });
    expect(h.present.selectedId).toBe("a");
    expect(canUndo(h)).toBe(false);
    h = applyAction(h, { type: "nudge", direction: "down", step: 10 });
    h = applyAction(h, { type: "nudge", direction: "down", step: 1 });
    expect(h.past).toHaveLength(2);
    expect(h.present.boxes[0]?.box).toEqual([100, 111, 200, 161]);
    expect(undo(h).present.boxes[0]?.box).toEqual([100, 110, 200, 160]);
  });

  it("makes load a reset that cannot be undone", () => {
    let h = applyAction(createHistory(start), { type: "delete", id: "a" });
    expect(canUndo(h)).toBe(true);
    const boxes = [{ id: "s", box: [5, 5, 50, 50] as Box }];
    h = applyAction(h, { type: "load", data: { image, boxes } });
    expect(h.past).toEqual([]);
    expect(h.future).toEqual([]);
    expect(h.present.boxes).toEqual([{ id: "s", box: [5, 5, 50, 50], label: "" }]);
  });
});

describe("gestures", () => {
  it("drawing a box over 10 pointer moves is one step", () => {
    let h = createHistory(start);
    const base = h.present;
    for (let i = 1; i <= 10; i += 1) {
      const box = boxFromDrag([500, 400], [500 - 10 * i, 400 + 5 * i], image);
      h = previewGesture(h, base, { type: "add", id: "new", box });
    }
    h = finishGesture(h, base);
    expect(h.past).toEqual([base]);
    expect(h.present.boxes.map((b) => b.box)).toEqual([
      [100, 100, 200, 150],
      [400, 400, 500, 450],
    ]);
    expect(h.present.selectedId).toBe("new");
    expect(undo(h).present).toBe(base);
  });

  it("resize through a flip and back lands where the pointer is", () => {
    let h = createHistory(start);
    const base = h.present;
    for (const x of [180, 120, 60, 20, 90, 150]) {
      h = previewGesture(h, base, { type: "resize", id: "a", handle: "e", point: [x, 0] });
    }
    h = finishGesture(h, base);
    expect(h.present.boxes[0]?.box).toEqual([100, 100, 150, 150]);
    expect(h.past).toHaveLength(1);
  });

  it("a cancelled gesture leaves no trace", () => {
    let h = createHistory(start);
    const base = h.present;
    h = previewGesture(h, base, { type: "move", id: "a", dx: 40, dy: 40 });
    h = cancelGesture(h, base);
    expect(h.present).toBe(base);
    expect(canUndo(h)).toBe(false);
  });
});
