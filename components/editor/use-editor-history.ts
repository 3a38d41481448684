"use client";
// The editor's undo history as React state. The undo policy itself lives in
// lib/editor/editor-history.ts; this hook adds what React needs:
// - loading: when `loadKey` changes, history is reset from `initial` during render (React's
//   "adjust state when a prop changes" pattern, not an effect), so a new sample never shows
//   the previous one's boxes for a frame, and the reset is not undoable. `initial` is read
//   only then: a new object with the same key does not reload.
// - onChange: called from the event handler that committed a change, after undo/redo too;
//   not for gesture previews, selection changes or loads (they change no answer).
import { useState } from "react";
import { applyAction, type EditorHistory } from "@/lib/editor/editor-history";
import { canRedo, canUndo, createHistory, redo, undo } from "@/lib/editor/history";
import type { EditorAction } from "@/lib/editor/reducer";
import {
  createEditorState,
  toAnswer,
  type EditorAnswer,
  type EditorInput,
  type EditorState,
} from "@/lib/editor/state";

export type OnEditorChange = (answer: EditorAnswer, state: EditorState) => void;

type Loaded = { key: string; history: EditorHistory };

export type EditorHistoryApi = {
  history: EditorHistory;
  state: EditorState;
  loadKey: string;
  dispatch: (action: EditorAction) => void;
  // A whole history computed by a finished gesture (editor-history's finishGesture);
  // `before` is the state when the gesture started, to tell whether the answer changed.
  commit: (next: EditorHistory, before: EditorState) => void;
  // A transient history inside a gesture or a selection: no onChange.
  preview: (next: EditorHistory) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
};

// The reducer keeps `boxes` by identity when only the selection changes.
function changesAnswer(before: EditorState, after: EditorState): boolean {
  return before.boxes !== after.boxes || before.targetAbsent !== after.targetAbsent;
}

export function useEditorHistory(
  initial: EditorInput,
  loadKey: string,
  onChange: OnEditorChange | undefined,
): EditorHistoryApi {
  const [loaded, setLoaded] = useState<Loaded>(() => ({
    key: loadKey,
    history: createHistory(createEditorState(initial)),
  }));
  let current = loaded;
  if (loaded.key !== loadKey) {
    current = { key: loadKey, history: applyAction(loaded.history, { type: "load", data: initial }) };
    setLoaded(current);
  }
  const { history } = current;

  const set = (next: EditorHistory, before: EditorState | null) => {
    if (next === history) return;
    setLoaded({ key: loadKey, history: next });
    if (before !== null && changesAnswer(before, next.present)) {
      onChange?.(toAnswer(next.present), next.present);
    }
  };

  return {
    history,
    state: history.present,
    loadKey,
    dispatch: (action) => set(applyAction(history, action), history.present),
    commit: (next, before) => set(next, before),
    preview: (next) => set(next, null),
    undo: () => set(undo(history), history.present),
    redo: () => set(redo(history), history.present),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
  };
}
