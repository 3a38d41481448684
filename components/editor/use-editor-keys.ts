"use client";
// Keyboard shortcuts of the focused editor (lib/editor/keyboard.ts maps keys to intents).
// The handler sits on the editor's container, so it only ever sees keys while the editor or
// one of its children has focus, and it leaves form fields alone (typing "1" in a coordinate
// must not zoom). Space is not an intent: holding it turns a left-drag into a pan.
import type { KeyboardEvent } from "react";
import { intentForKey } from "@/lib/editor/keyboard";
import type { EditorHistoryApi } from "@/components/editor/use-editor-history";
import type { ViewportApi } from "@/components/editor/use-viewport";

type Options = {
  editor: EditorHistoryApi;
  view: ViewportApi;
  readOnly: boolean;
  isGestureActive: boolean;
  cancelGesture: () => boolean;
  isHelpOpen: boolean;
  setHelpOpen: (open: boolean) => void;
  isDrawMode: boolean;
  setDrawMode: (on: boolean) => void;
  setSpaceHeld: (held: boolean) => void;
  toggleSnap: () => void;
  /** Snaps the selected box to the UI element under it; absent when the screenshot has no tree. */
  snapToElement?: () => void;
};

function isFormField(target: EventTarget): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

function isButton(target: EventTarget): boolean {
  return target instanceof HTMLElement && target.tagName === "BUTTON";
}

export function useEditorKeys(o: Options) {
  const { editor, view } = o;

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (isFormField(e.target)) return;
    if (e.key === " ") {
      if (isButton(e.target)) return; // Space presses a focused button
      e.preventDefault(); // and would otherwise scroll the page
      o.setSpaceHeld(true);
      return;
    }
    const intent = intentForKey(e);
    if (intent === null) return;
    e.preventDefault();
    const isZoom = ["zoomIn", "zoomOut", "fit", "actualSize"].includes(intent.type);
    // Mid-drag only Escape and zoom: an undo or a delete would pull the state from under it.
    if (o.isGestureActive && intent.type !== "deselect" && !isZoom) return;
    // A held "t" or "?" would flicker.
    if (e.repeat && (intent.type === "toggleTargetAbsent" || intent.type === "toggleHelp")) return;
    const canEdit = !o.readOnly;
    switch (intent.type) {
      case "nudge":
        if (canEdit) editor.dispatch({ type: "nudge", direction: intent.direction, step: intent.step });
        return;
      case "delete":
        if (canEdit) editor.dispatch({ type: "delete" });
        return;
      case "undo":
        if (canEdit) editor.undo();
        return;
      case "redo":
        if (canEdit) editor.redo();
        return;
      case "zoomIn":
        return view.zoomIn();
      case "zoomOut":
        return view.zoomOut();
      case "fit":
        return view.fit();
      case "actualSize":
        return view.actualSize();
      case "deselect":
        // Escape undoes the most recent thing first: a drag, the help, draw mode, the selection.
        if (o.cancelGesture()) return;
        if (o.isHelpOpen) return o.setHelpOpen(false);
        if (o.isDrawMode) return o.setDrawMode(false);
        editor.dispatch({ type: "select", id: null });
        return;
      case "drawMode":
        if (canEdit) o.setDrawMode(true);
        return;
      case "toggleTargetAbsent":
        if (canEdit) editor.dispatch({ type: "setTargetAbsent", value: !editor.state.targetAbsent });
        return;
      case "toggleSnapToPixels":
        if (canEdit) o.toggleSnap();
        return;
      case "snapToElement":
        if (canEdit) o.snapToElement?.();
        return;
      case "toggleHelp":
        return o.setHelpOpen(!o.isHelpOpen);
    }
  };

  const onKeyUp = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === " ") o.setSpaceHeld(false);
  };

  return { onKeyDown, onKeyUp };
}
