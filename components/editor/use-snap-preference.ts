"use client";
// Whether boxes snap to whole pixels: the reviewer's preference, kept in this browser
// across samples (a new sample's load starts from it), toggled with I or the toolbar.
import { useEffect, useState } from "react";
import type { EditorHistoryApi } from "@/components/editor/use-editor-history";

const STORAGE_KEY = "verity.editor.snapToPixels";

/** The stored preference, read after mount (the server render has no storage). */
export function useSnapPreference(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    try {
      if (window.localStorage.getItem(STORAGE_KEY) === "1") setOn(true);
    } catch {
      // Storage refused (private mode): the preference lasts for this page only.
    }
  }, []);
  const set = (next: boolean) => {
    setOn(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next ? "1" : "0");
    } catch {
      // As above.
    }
  };
  return [on, set];
}

/** Keeps the editor's history in step with the preference (after a load, or once read). */
export function useSnapInEditor(editor: EditorHistoryApi, on: boolean): void {
  const current = editor.state.snapToPixels;
  useEffect(() => {
    if (current !== on) editor.dispatch({ type: "setSnapToPixels", value: on });
  });
}
