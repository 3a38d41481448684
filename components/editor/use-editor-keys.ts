"use client";
// Keyboard shortcuts of the focused editor (lib/editor/keyboard.ts maps keys to intents;
// lib/editor/edge-keys.ts turns an arrow into an edge's move while E has chosen one).
// The handler sits on the editor's container, so it only ever sees keys while the editor or
// one of its children has focus, and it leaves form fields alone (typing "1" in a coordinate
// must not zoom). Space is not an intent: holding it turns a left-drag into a pan.
import type { KeyboardEvent } from "react";
import type { Edge } from "@/lib/editor/box-ops";
import { cycleEdge, edgeDelta } from "@/lib/editor/edge-keys";
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
  /** The edge of the selected box the arrow keys move (E), or null: they move the whole box. */
  edge: Edge | null;
  setEdge: (edge: Edge | null) => void;
  toggleLabels: () => void;
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
    // A held "t", "o" or "?" would flicker.
    if (e.repeat && (intent.type === "toggleTargetAbsent" || intent.type === "toggleHelp" || intent.type === "toggleLabels")) return;
    const canEdit = !o.readOnly;
    switch (intent.type) {
      case "nudge": {
        if (!canEdit) return;
        if (o.edge === null) return editor.dispatch({ type: "nudge", direction: intent.direction, step: intent.step });
        const delta = edgeDelta(o.edge, intent.direction, intent.step);
        if (delta !== null) editor.dispatch({ type: "moveEdge", edge: o.edge, delta });
        return;
      }
      case "selectNext":
      case "selectPrevious":
        if (canEdit) editor.dispatch({ type: "cycleSelection", step: intent.type === "selectNext" ? 1 : -1 });
        return;
      case "nextEdge":
      case "previousEdge":
        // Only a selected box has edges to move.
        if (canEdit && editor.state.selectedId !== null && !editor.state.targetAbsent) o.setEdge(cycleEdge(o.edge, intent.type === "nextEdge" ? 1 : -1));
        return;
      case "toggleLabels":
        return o.toggleLabels();
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
        // Escape undoes the most recent thing first: a drag, the help, draw mode, the chosen edge, the selection.
        if (o.cancelGesture()) return;
        if (o.isHelpOpen) return o.setHelpOpen(false);
        if (o.isDrawMode) return o.setDrawMode(false);
        if (o.edge !== null) return o.setEdge(null);
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
