// The editor's undo policy on top of history.ts, so the component cannot get it wrong:
// - load   -> reset: server data is a new starting point, not undoable;
// - setSnapToPixels -> every snapshot: a preference, not a step;
// - select, cycleSelection -> replacePresent: choosing a box is not a step of its own (undo restores the
//             selection that was current when each step was taken);
// - every other discrete action (a key press, a Delete, a typed coordinate on Enter) -> one
//   step;
// - a pointer gesture (move, resize, draw) or a label typed until blur -> previewGesture on
//   each event, computed from the gesture's base, then finishGesture: one step in total.
import {
  commit,
  commitGesture,
  replacePresent,
  reset,
  type History,
} from "@/lib/editor/history";
import { editorReducer, type EditorAction } from "@/lib/editor/reducer";
import type { EditorState } from "@/lib/editor/state";

export type EditorHistory = History<EditorState>;

export function applyAction(history: EditorHistory, action: EditorAction): EditorHistory {
  // A preference of every snapshot: undo and redo keep it, and it is no step of its own.
  if (action.type === "setSnapToPixels") {
    const set = (s: EditorState) => editorReducer(s, action);
    return { past: history.past.map(set), present: set(history.present), future: history.future.map(set) };
  }
  const next = editorReducer(history.present, action);
  if (action.type === "load") return reset(history, next);
  if (action.type === "select" || action.type === "cycleSelection") return replacePresent(history, next);
  return commit(history, next);
}

// `action` describes the whole gesture so far (total dx/dy, current pointer point, current
// drawn box), applied to `base`, the state when the gesture started.
export function previewGesture(
  history: EditorHistory,
  base: EditorState,
  action: EditorAction,
): EditorHistory {
  return replacePresent(history, editorReducer(base, action));
}

export function finishGesture(history: EditorHistory, base: EditorState): EditorHistory {
  return commitGesture(history, base, history.present);
}

export function cancelGesture(history: EditorHistory, base: EditorState): EditorHistory {
  return replacePresent(history, base);
}
