import { describe, expect, it } from "vitest";
import { editorReducer } from "@/lib/editor/reducer";
import { createEditorState, type EditorState } from "@/lib/editor/state";

const image = { width: 1920, height: 1080 };

function twoBoxes(selectedId: string | null = "a"): EditorState {
  return createEditorState({
    image,
    boxes: [
      { id: "a", box: [100, 100, 200, 150], label: "Search" },
      { id: "b", box: [0, 1000, 50, 1080], label: "" },
    ],
    selectedId,
  });
}

function boxOf(state: EditorState, id: string) {
  return state.boxes.find((b) => b.id === id)?.box;
}

describe("editorReducer", () => {
  it("load replaces everything", () => {
    const next = editorReducer(twoBoxes(), {
      type: "load",
      data: {
        image: { width: 800, height: 600 },
        boxes: [{ id: "z", box: [1, 2, 900, 4] }],
        targetAbsent: true,
      },
    });
    expect(next).toEqual({
      image: { width: 800, height: 600 },
      boxes: [{ id: "z", box: [1, 2, 800, 4], label: "" }],
      selectedId: null,
      targetAbsent: true,
      snapToPixels: false,
    });
  });

  it("add clamps, enforces the minimum size, selects the box and ends target absent", () => {
    const absent = { ...twoBoxes(null), targetAbsent: true };
    const next = editorReducer(absent, { type: "add", id: "c", box: [1919.8, 10, 2500, 10] });
    expect(next.boxes[2]).toEqual({ id: "c", box: [1919, 9.5, 1920, 10.5], label: "" });
    expect(next.selectedId).toBe("c");
    expect(next.targetAbsent).toBe(false);
  });

  it("add refuses an id already in use", () => {
    expect(() => editorReducer(twoBoxes(), { type: "add", id: "a", box: [0, 0, 9, 9] })).toThrow(
      RangeError,
    );
  });

  it("select changes the selection; same or unknown id is a no-op", () => {
    const state = twoBoxes();
    expect(editorReducer(state, { type: "select", id: "b" }).selectedId).toBe("b");
    expect(editorReducer(state, { type: "select", id: null }).selectedId).toBeNull();
    expect(editorReducer(state, { type: "select", id: "a" })).toBe(state);
    expect(editorReducer(state, { type: "select", id: "nope" })).toBe(state);
  });

  it("move keeps the size and stops at the image edge", () => {
    const state = twoBoxes();
    expect(boxOf(editorReducer(state, { type: "move", id: "a", dx: 15, dy: -5 }), "a")).toEqual([
      115, 95, 215, 145,
    ]);
    expect(boxOf(editorReducer(state, { type: "move", id: "a", dx: -300, dy: 0 }), "a")).toEqual([
      0, 100, 100, 150,
    ]);
  });

  it("resize flips past the opposite edge", () => {
    const next = editorReducer(twoBoxes(), {
      type: "resize",
      id: "a",
      handle: "se",
      point: [40, 60],
    });
    expect(boxOf(next, "a")).toEqual([40, 60, 100, 100]);
  });

  it("setBox takes typed coordinates, normalized and clamped", () => {
    const next = editorReducer(twoBoxes(), { type: "setBox", id: "a", box: [400, 300, -20, 250] });
    expect(boxOf(next, "a")).toEqual([0, 250, 400, 300]);
  });

  it("nudge moves the selected box when no id is given", () => {
    const next = editorReducer(twoBoxes(), { type: "nudge", direction: "right", step: 10 });
    expect(boxOf(next, "a")).toEqual([110, 100, 210, 150]);
    expect(boxOf(next, "b")).toEqual([0, 1000, 50, 1080]);
    const byId = editorReducer(twoBoxes(), { type: "nudge", id: "b", direction: "up", step: 1 });
    expect(boxOf(byId, "b")).toEqual([0, 999, 50, 1079]);
  });

  it("delete removes the selected box and clears the selection", () => {
    const next = editorReducer(twoBoxes(), { type: "delete" });
    expect(next.boxes.map((b) => b.id)).toEqual(["b"]);
    expect(next.selectedId).toBeNull();
    const other = editorReducer(twoBoxes(), { type: "delete", id: "b" });
    expect(other.boxes.map((b) => b.id)).toEqual(["a"]);
    expect(other.selectedId).toBe("a");
  });

  it("setLabel renames one box", () => {
    const next = editorReducer(twoBoxes(), { type: "setLabel", id: "b", label: "Home" });
    expect(next.boxes.map((b) => b.label)).toEqual(["Search", "Home"]);
  });

  it("setTargetAbsent keeps the boxes, drops the selection, and can be undone by toggling", () => {
    const absent = editorReducer(twoBoxes(), { type: "setTargetAbsent", value: true });
    expect(absent.targetAbsent).toBe(true);
    expect(absent.boxes).toHaveLength(2);
    expect(absent.selectedId).toBeNull();
    const present = editorReducer(absent, { type: "setTargetAbsent", value: false });
    expect(present.targetAbsent).toBe(false);
    expect(present.boxes.map((b) => b.box)).toEqual([
      [100, 100, 200, 150],
      [0, 1000, 50, 1080],
    ]);
  });

  it("clear removes every box", () => {
    const next = editorReducer(twoBoxes(), { type: "clear" });
    expect(next.boxes).toEqual([]);
    expect(next.selectedId).toBeNull();
  });

  it("returns the same object for every no-op", () => {
    const state = twoBoxes();
    const noSelection = twoBoxes(null);
    const noOps = [
      editorReducer(state, { type: "move", id: "a", dx: 0, dy: 0 }),
      editorReducer(state, { type: "move", id: "b", dx: -5, dy: 30 }), // already in the corner
      editorReducer(state, { type: "move", id: "nope", dx: 5, dy: 5 }),
      editorReducer(state, { type: "move", id: "a", dx: NaN, dy: 5 }),
      editorReducer(state, { type: "resize", id: "a", handle: "e", point: [200, 999] }),
      editorReducer(state, { type: "setBox", id: "a", box: [100, 100, 200, 150] }),
      editorReducer(state, { type: "setBox", id: "a", box: [100, NaN, 200, 150] }),
      editorReducer(state, { type: "nudge", id: "b", direction: "left", step: 1 }),
      editorReducer(state, { type: "nudge", id: "b", direction: "down", step: 10 }),
      editorReducer(state, { type: "delete", id: "nope" }),
      editorReducer(state, { type: "setLabel", id: "a", label: "Search" }),
      editorReducer(state, { type: "setTargetAbsent", value: false }),
      editorReducer(state, { type: "add", id: "c", box: [0, 0, Infinity, 5] }),
    ];
    for (const [i, result] of noOps.entries()) {
      expect(result, `no-op #${i}`).toBe(state);
    }
    const nudged = editorReducer(noSelection, { type: "nudge", direction: "left", step: 1 });
    expect(nudged).toBe(noSelection);
    expect(editorReducer(noSelection, { type: "delete" })).toBe(noSelection);
    const empty = editorReducer(state, { type: "clear" });
    expect(editorReducer(empty, { type: "clear" })).toBe(empty);
  });
});
