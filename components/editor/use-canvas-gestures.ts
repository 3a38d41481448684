"use client";
// Pointer gestures on the stage, as DOM pointer events on the element around the Konva stage
// (pointer capture keeps a drag alive outside it). One gesture = one undo step:
//   press    -> remember the history and its present (`base`); a press on a box selects it
//               first (not a step of its own);
//   move     -> previewGesture(startHistory, base, whole-gesture action);
//   release  -> finishGesture, computed from the release point and the remembered history,
//               never from possibly not-yet-rendered previews;
//   Escape / pointercancel -> cancelGesture.
// A press that moves less than DRAG_SLOP_PX is a click: it selects (box) or deselects.
import { useState, type MouseEvent, type PointerEvent } from "react";
import type { Point } from "@/lib/domain/geometry";
import {
  applyAction,
  cancelGesture,
  finishGesture,
  previewGesture,
  type EditorHistory,
} from "@/lib/editor/editor-history";
import type { EditorState } from "@/lib/editor/state";
import { stageToImage, type Viewport } from "@/lib/editor/viewport";
import {
  drawBase,
  gestureAction,
  hasDragged,
  newBoxId,
  resizeAnchor,
  type EditGesture,
} from "@/components/editor/gesture-action";
import { cursorFor, HANDLE_CURSORS, targetAt } from "@/components/editor/hit-test";
import type { EditorHistoryApi } from "@/components/editor/use-editor-history";
import type { ViewportApi } from "@/components/editor/use-viewport";

type Gesture =
  | { kind: "pan"; pointerId: number; start: Point; startViewport: Viewport; isClickDeselect: boolean }
  | {
      kind: "edit";
      pointerId: number;
      edit: EditGesture;
      start: Point;
      startImage: Point;
      startHistory: EditorHistory;
      base: EditorState;
      previewBase: EditorState;
      loadKey: string;
    };

type Options = {
  editor: EditorHistoryApi;
  view: ViewportApi;
  readOnly: boolean;
  maxBoxes: number | undefined;
  isSpaceHeld: boolean;
  isDrawMode: boolean;
  endDrawMode: () => void;
  focusEditor: () => void;
};

// During a drag the cursor keeps the shape it had at the press.
function gestureCursor(g: Gesture): string {
  if (g.kind === "pan") return "grabbing";
  if (g.edit.type === "resize") return HANDLE_CURSORS[g.edit.handle];
  return g.edit.type === "move" ? "move" : "crosshair";
}

function localPoint(e: PointerEvent<HTMLElement>): Point {
  const rect = e.currentTarget.getBoundingClientRect();
  return [e.clientX - rect.left, e.clientY - rect.top];
}

export function useCanvasGestures(o: Options) {
  const [gesture, setGesture] = useState<Gesture | null>(null);
  // The pointer in stage pixels, for the crosshair and the status bar; null when outside.
  const [pointer, setPointer] = useState<Point | null>(null);
  const { editor, view } = o;
  const vp = view.viewport;

  const startEdit = (e: PointerEvent<HTMLElement>, edit: EditGesture, history: EditorHistory, previewBase?: EditorState) => {
    const start = localPoint(e);
    setGesture({
      kind: "edit",
      pointerId: e.pointerId,
      edit,
      start,
      startImage: stageToImage(start, vp),
      startHistory: history,
      base: history.present,
      previewBase: previewBase ?? history.present,
      loadKey: editor.loadKey,
    });
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    o.focusEditor();
    if (gesture !== null) return; // a second button during a drag
    const isPanButton = e.button === 1 || (e.button === 0 && o.isSpaceHeld);
    if (!isPanButton && e.button !== 0) return;
    e.preventDefault(); // no text selection, no middle-button autoscroll
    e.currentTarget.setPointerCapture(e.pointerId);
    const point = localPoint(e);
    const { history } = editor;
    const target = o.isDrawMode && !o.readOnly ? ({ kind: "image" } as const) : targetAt(point, history.present, vp);
    if (isPanButton || o.readOnly || target.kind === "outside") {
      const isClickDeselect = !isPanButton && !o.readOnly;
      setGesture({ kind: "pan", pointerId: e.pointerId, start: point, startViewport: vp, isClickDeselect });
    } else if (target.kind === "handle") {
      const box = history.present.boxes.find((b) => b.id === target.id);
      if (box) startEdit(e, { type: "resize", id: target.id, handle: target.handle, anchor: resizeAnchor(box.box, target.handle) }, history);
    } else if (target.kind === "body") {
      const selected = applyAction(history, { type: "select", id: target.id });
      editor.preview(selected);
      startEdit(e, { type: "move", id: target.id }, selected);
    } else {
      startEdit(e, { type: "draw", id: newBoxId(history.present) }, history, drawBase(history.present, o.maxBoxes));
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const point = localPoint(e);
    setPointer(point);
    if (gesture === null || e.pointerId !== gesture.pointerId) return;
    if (gesture.kind === "pan") {
      view.panFrom(gesture.startViewport, point[0] - gesture.start[0], point[1] - gesture.start[1]);
      return;
    }
    if (gesture.loadKey !== editor.loadKey) return;
    if (!hasDragged(gesture.start, point)) {
      editor.preview(cancelGesture(gesture.startHistory, gesture.base));
      return;
    }
    const action = gestureAction(gesture.edit, gesture.startImage, stageToImage(point, vp), gesture.previewBase);
    editor.preview(previewGesture(gesture.startHistory, gesture.previewBase, action));
  };

  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (gesture === null || e.pointerId !== gesture.pointerId) return;
    setGesture(null);
    const point = localPoint(e);
    const isDrag = hasDragged(gesture.start, point);
    if (gesture.kind === "pan") {
      if (!isDrag && gesture.isClickDeselect) editor.dispatch({ type: "select", id: null });
      return;
    }
    // The sample was reloaded under the drag: its base belongs to the previous one.
    if (gesture.loadKey !== editor.loadKey) return;
    const reverted = cancelGesture(gesture.startHistory, gesture.base);
    if (!isDrag) {
      // A click on the image deselects; in draw mode it keeps waiting for a drag.
      const isDeselect = gesture.edit.type === "draw" && !o.isDrawMode;
      editor.preview(isDeselect ? applyAction(reverted, { type: "select", id: null }) : reverted);
      return;
    }
    const action = gestureAction(gesture.edit, gesture.startImage, stageToImage(point, vp), gesture.previewBase);
    const final = finishGesture(previewGesture(gesture.startHistory, gesture.previewBase, action), gesture.base);
    editor.commit(final, gesture.base);
    if (gesture.edit.type === "draw") o.endDrawMode();
  };

  // Escape or pointercancel: back to where the gesture started.
  const cancel = (): boolean => {
    if (gesture === null) return false;
    setGesture(null);
    if (gesture.kind === "pan") view.panFrom(gesture.startViewport, 0, 0);
    else if (gesture.loadKey === editor.loadKey) editor.preview(cancelGesture(gesture.startHistory, gesture.base));
    return true;
  };

  const cursor =
    gesture !== null
      ? gestureCursor(gesture)
      : pointer === null
        ? "default"
        : cursorFor(targetAt(pointer, editor.state, vp), {
            isPanning: o.isSpaceHeld,
            isDrawMode: o.isDrawMode,
            readOnly: o.readOnly,
          });

  return {
    pointer,
    cursor,
    activeGesture: gesture === null ? null : gesture.kind === "pan" ? "pan" : gesture.edit.type,
    cancel,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: () => cancel(),
      // Chrome starts middle-button autoscroll from mousedown, whatever pointerdown did.
      onMouseDown: (e: MouseEvent<HTMLElement>) => {
        if (e.button === 1) e.preventDefault();
      },
      onPointerLeave: () => {
        if (gesture === null) setPointer(null);
      },
    },
  };
}
