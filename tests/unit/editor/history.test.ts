import { describe, expect, it } from "vitest";
import {
  HISTORY_LIMIT,
  canRedo,
  canUndo,
  commit,
  commitGesture,
  createHistory,
  redo,
  replacePresent,
  reset,
  undo,
} from "@/lib/editor/history";
import { editorReducer } from "@/lib/editor/reducer";
import { createEditorState } from "@/lib/editor/state";

const image = { width: 1920, height: 1080 };
const start = createEditorState({
  image,
  boxes: [{ id: "a", box: [100, 100, 200, 150] }],
  selectedId: "a",
});

describe("a drag gesture", () => {
  it("30 mousemoves then commitGesture make exactly one undo step", () => {
    let history = createHistory(start);
    const base = history.present;
    for (let i = 1; i <= 30; i += 1) {
      // the total displacement since mousedown, applied to the base each time
      const moved = editorReducer(base, { type: "move", id: "a", dx: 2 * i, dy: i });
      history = replacePresent(history, moved);
      expect(history.past).toHaveLength(0);
    }
    history = commitGesture(history, base, history.present);

    expect(history.past).toEqual([base]);
    expect(history.present.boxes[0]?.box).toEqual([160, 130, 260, 180]);
    expect(history.future).toEqual([]);

    const undone = undo(history);
    expect(undone.present).toBe(base);
    expect(undone.present.boxes[0]?.box).toEqual([100, 100, 200, 150]);
    expect(canUndo(undone)).toBe(false);
    expect(redo(undone).present.boxes[0]?.box).toEqual([160, 130, 260, 180]);
  });

  it("a gesture that ends where it began records nothing", () => {
    let history = createHistory(start);
    const base = history.present;
    history = replacePresent(history, editorReducer(base, { type: "move", id: "a", dx: 7, dy: 0 }));
    history = replacePresent(history, editorReducer(base, { type: "move", id: "a", dx: 0, dy: 0 }));
    history = commitGesture(history, base, history.present);
    expect(history.present).toBe(base);
    expect(canUndo(history)).toBe(false);
  });
});

describe("commit / undo / redo", () => {
  it("walks back and forth through the steps", () => {
    let h = createHistory(0);
    h = commit(h, 1);
    h = commit(h, 2);
    h = commit(h, 3);
    expect(h).toEqual({ past: [0, 1, 2], present: 3, future: [] });
    h = undo(undo(h));
    expect(h).toEqual({ past: [0], present: 1, future: [2, 3] });
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h).toEqual({ past: [0, 1], present: 2, future: [3] });
  });

  it("a new commit after undo clears redo", () => {
    let h = commit(commit(createHistory("a"), "b"), "c");
    h = undo(h);
    expect(h.future).toEqual(["c"]);
    h = commit(h, "d");
    expect(h).toEqual({ past: ["a", "b"], present: "d", future: [] });
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
  });

  it("commit of the present itself (a reducer no-op) is not a step", () => {
    const h = commit(createHistory(start), start);
    expect(h.past).toHaveLength(0);
    const state = editorReducer(start, { type: "move", id: "a", dx: 0, dy: 0 });
    expect(commit(h, state)).toBe(h);
  });

  it("undo with nothing to undo returns the same history", () => {
    const h = createHistory(5);
    expect(undo(h)).toBe(h);
    expect(canUndo(h)).toBe(false);
  });

  it("keeps at most 200 past states, dropping the oldest", () => {
    expect(HISTORY_LIMIT).toBe(200);
    let h = createHistory(0);
    for (let i = 1; i <= 250; i += 1) h = commit(h, i);
    expect(h.past).toHaveLength(200);
    expect(h.past[0]).toBe(50);
    expect(h.past[199]).toBe(249);
    expect(h.present).toBe(250);
  });
});

describe("reset", () => {
  it("loads server data without making it undoable", () => {
    let h = commit(commit(createHistory(1), 2), 3);
    h = undo(h);
    h = reset(h, 100);
    expect(h).toEqual({ past: [], present: 100, future: [] });
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(100);
  });
});
