// Snapping to whole pixels: what is drawn, moved, resized, typed or nudged while it is on ends
// on integer image coordinates (still inside the image and at least the minimum size); boxes
// already there stay put; and the preference is no undo step, nor undone by one.
import { describe, expect, it } from "vitest";
import { applyAction } from "@/lib/editor/editor-history";
import { createHistory, redo, undo } from "@/lib/editor/history";
import { intentForKey } from "@/lib/editor/keyboard";
import { editorReducer } from "@/lib/editor/reducer";
import { createEditorState } from "@/lib/editor/state";

const image = { width: 1080, height: 1920 };
const start = (snapToPixels: boolean) => createEditorState({ image, boxes: [{ id: "a", box: [10.4, 20.6, 110.25, 60.75] }], selectedId: "a", snapToPixels });
const boxA = (s: ReturnType<typeof start>) => s.boxes.find((b) => b.id === "a")!.box;

describe("pixel snapping", () => {
  it("puts every edited box on whole pixels, and leaves the box alone until it is edited", () => {
    const on = start(true);
    expect(boxA(on)).toEqual([10.4, 20.6, 110.25, 60.75]);
    expect(boxA(editorReducer(on, { type: "move", id: "a", dx: 3.3, dy: 0 }))).toEqual([14, 21, 114, 61]);
    expect(boxA(editorReducer(on, { type: "resize", id: "a", handle: "se", point: [200.7, 99.2] }))).toEqual([10, 21, 201, 99]);
    expect(boxA(editorReducer(on, { type: "setBox", id: "a", box: [1.5, 2.49, 30.5, 40.51] }))).toEqual([2, 2, 31, 41]);
    expect(editorReducer(on, { type: "add", id: "b", box: [5.2, 5.7, 50.1, 80.9] }).boxes.at(-1)!.box).toEqual([5, 6, 50, 81]);
    // At the image's edge the snapped box is still clamped inside.
    expect(boxA(editorReducer(on, { type: "setBox", id: "a", box: [1000.6, 1900.2, 1080.4, 1919.9] }))).toEqual([1001, 1900, 1080, 1920]);
  });

  it("changes nothing while it is off", () => {
    expect(boxA(editorReducer(start(false), { type: "move", id: "a", dx: 3.3, dy: 0 }))[0]).toBeCloseTo(13.7);
  });

  it("is a preference of the whole history: no undo step, and undo or redo keep it", () => {
    let h = applyAction(createHistory(start(false)), { type: "move", id: "a", dx: 1, dy: 0 });
    const steps = h.past.length;
    h = applyAction(h, { type: "setSnapToPixels", value: true });
    expect(h.past).toHaveLength(steps);
    expect(boxA(h.present)).toEqual([11.4, 20.6, 111.25, 60.75]);
    h = undo(h);
    expect(h.present.snapToPixels).toBe(true);
    h = redo(h);
    expect(h.present.snapToPixels).toBe(true);
  });

  it("is toggled with I, in either case", () => {
    for (const key of ["i", "I"]) expect(intentForKey({ key, shiftKey: key === "I", ctrlKey: false, metaKey: false, altKey: false })).toEqual({ type: "toggleSnapToPixels" });
  });
});
