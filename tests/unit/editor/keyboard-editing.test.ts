// Editing a box with the keyboard alone (issue 36, item 33): the only box is selected when
// the data is loaded, so the arrow keys move it at once; S cycles the selection; E chooses an
// edge and the arrows then move that edge alone, by 1 or 10 px, never flipping the box.
import { describe, expect, it } from "vitest";
import { moveEdge } from "@/lib/editor/box-ops";
import { cycleEdge, edgeDelta } from "@/lib/editor/edge-keys";
import { applyAction } from "@/lib/editor/editor-history";
import { createHistory } from "@/lib/editor/history";
import { editorReducer } from "@/lib/editor/reducer";
import { createEditorState, toAnswer } from "@/lib/editor/state";

const image = { width: 2560, height: 1440 };
const imported = { image, boxes: [{ id: "target", box: [1200, 700, 1300, 760] as [number, number, number, number], label: "target" }] };

describe("the only box is selected on load", () => {
  it("so a nudge right after loading moves it", () => {
    const loaded = createEditorState(imported);
    expect(loaded.selectedId).toBe("target");
    const moved = editorReducer(loaded, { type: "nudge", direction: "right", step: 10 });
    expect(toAnswer(moved).boxes[0]!.box).toEqual([1210, 700, 1310, 760]);
  });

  it("through the load action too (a new sample in the same editor)", () => {
    const empty = createEditorState({ image, boxes: [] });
    const next = editorReducer(empty, { type: "load", data: imported });
    expect(next.selectedId).toBe("target");
  });

  it("but not when there are several, when the data says none, or when the target is marked absent", () => {
    const two = createEditorState({ image, boxes: [...imported.boxes, { id: "b", box: [0, 0, 10, 10] }] });
    expect(two.selectedId).toBeNull();
    expect(createEditorState({ ...imported, selectedId: null }).selectedId).toBeNull();
    expect(createEditorState({ ...imported, targetAbsent: true }).selectedId).toBeNull();
  });
});

describe("cycleSelection", () => {
  const three = createEditorState({
    image,
    boxes: [{ id: "a", box: [0, 0, 10, 10] }, { id: "b", box: [20, 0, 30, 10] }, { id: "c", box: [40, 0, 50, 10] }],
  });

  it("goes through the boxes in list order and wraps, either way", () => {
    const first = editorReducer(three, { type: "cycleSelection", step: 1 });
    expect(first.selectedId).toBe("a");
    const second = editorReducer(first, { type: "cycleSelection", step: 1 });
    expect(second.selectedId).toBe("b");
    expect(editorReducer({ ...three, selectedId: "c" }, { type: "cycleSelection", step: 1 }).selectedId).toBe("a");
    expect(editorReducer(three, { type: "cycleSelection", step: -1 }).selectedId).toBe("c");
    expect(editorReducer(first, { type: "cycleSelection", step: -1 }).selectedId).toBe("c");
  });

  it("changes nothing without boxes, with the target absent, or with one box already selected", () => {
    const empty = createEditorState({ image, boxes: [] });
    expect(editorReducer(empty, { type: "cycleSelection", step: 1 })).toBe(empty);
    const absent = { ...three, targetAbsent: true };
    expect(editorReducer(absent, { type: "cycleSelection", step: 1 })).toBe(absent);
    const one = createEditorState(imported);
    expect(editorReducer(one, { type: "cycleSelection", step: 1 })).toBe(one);
  });

  it("is no undo step of its own, like a click on a box", () => {
    const history = applyAction(createHistory(three), { type: "cycleSelection", step: 1 });
    expect(history.present.selectedId).toBe("a");
    expect(history.past).toHaveLength(0);
  });
});

describe("moveEdge", () => {
  it("moves one edge of the selected box by the key's step, the other three staying", () => {
    const state = createEditorState(imported);
    const right = editorReducer(state, { type: "moveEdge", edge: "right", delta: -10 });
    expect(toAnswer(right).boxes[0]!.box).toEqual([1200, 700, 1290, 760]);
    const top = editorReducer(right, { type: "moveEdge", edge: "top", delta: -1 });
    expect(toAnswer(top).boxes[0]!.box).toEqual([1200, 699, 1290, 760]);
    const history = applyAction(createHistory(state), { type: "moveEdge", edge: "left", delta: 1 });
    expect(history.past).toHaveLength(1);
  });

  it("does nothing without a selection or with a non-finite step", () => {
    const none = createEditorState({ ...imported, selectedId: null });
    expect(editorReducer(none, { type: "moveEdge", edge: "left", delta: 1 })).toBe(none);
    const state = createEditorState(imported);
    expect(editorReducer(state, { type: "moveEdge", edge: "left", delta: Number.NaN })).toBe(state);
  });

  it("stops one pixel short of the opposite edge and at the image border, never flipping", () => {
    const box: [number, number, number, number] = [10, 10, 20, 20];
    expect(moveEdge(box, "left", 50, image)).toEqual([19, 10, 20, 20]);
    expect(moveEdge(box, "right", -50, image)).toEqual([10, 10, 11, 20]);
    expect(moveEdge(box, "top", -50, image)).toEqual([10, 0, 20, 20]);
    expect(moveEdge([10, 10, 20, 1430], "bottom", 50, image)).toEqual([10, 10, 20, 1440]);
  });
});

describe("edge keys", () => {
  it("E goes left, top, right, bottom, then the whole box; Shift+E the other way", () => {
    const seen = [];
    let edge = cycleEdge(null, 1);
    for (let i = 0; i < 5; i++) {
      seen.push(edge);
      edge = cycleEdge(edge, 1);
    }
    expect(seen).toEqual(["left", "top", "right", "bottom", null]);
    expect(cycleEdge(null, -1)).toBe("bottom");
    expect(cycleEdge("left", -1)).toBeNull();
  });

  it("an arrow along the edge's axis moves it; one across it does nothing", () => {
    expect(edgeDelta("right", "left", 10)).toBe(-10);
    expect(edgeDelta("left", "right", 1)).toBe(1);
    expect(edgeDelta("top", "up", 1)).toBe(-1);
    expect(edgeDelta("bottom", "down", 10)).toBe(10);
    expect(edgeDelta("left", "up", 1)).toBeNull();
    expect(edgeDelta("top", "right", 1)).toBeNull();
  });
});
