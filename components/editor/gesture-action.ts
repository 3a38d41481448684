// Pointer gestures as editor actions. Each action describes the WHOLE gesture so far (total
// displacement from the press, in image pixels) and is applied to the gesture's base by
// previewGesture, so clamping at the image edge never drifts (lib/editor/history.ts).
import type { Box, Point } from "@/lib/domain/geometry";
import { boxFromDrag, type Handle } from "@/lib/editor/box-ops";
import { editorReducer, type EditorAction } from "@/lib/editor/reducer";
import type { EditorState } from "@/lib/editor/state";

export type EditGesture =
  | { type: "move"; id: string }
  // `anchor`: where the grabbed edges were at the press, so a handle grabbed a few pixels
  // off the edge moves the edge by the pointer's displacement instead of jumping to it.
  | { type: "resize"; id: string; handle: Handle; anchor: Point }
  | { type: "draw"; id: string };

// Below this many stage pixels a press is a click: no 1-px box, no accidental move.
export const DRAG_SLOP_PX = 3;

export function hasDragged(start: Point, end: Point): boolean {
  return Math.hypot(end[0] - start[0], end[1] - start[1]) >= DRAG_SLOP_PX;
}

export function gestureAction(
  gesture: EditGesture,
  start: Point,
  current: Point,
  state: EditorState,
): EditorAction {
  const dx = current[0] - start[0];
  const dy = current[1] - start[1];
  switch (gesture.type) {
    case "move":
      return { type: "move", id: gesture.id, dx, dy };
    case "resize":
      return {
        type: "resize",
        id: gesture.id,
        handle: gesture.handle,
        point: [gesture.anchor[0] + dx, gesture.anchor[1] + dy],
      };
    case "draw":
      return { type: "add", id: gesture.id, box: boxFromDrag(start, current, state.image) };
  }
}

export function resizeAnchor(box: Box, handle: Handle): Point {
  const [x1, y1, x2, y2] = box;
  return [handle.includes("w") ? x1 : x2, handle.includes("n") ? y1 : y2];
}

// With a box limit reached, a drawn box REPLACES one (the selected, else the last), and the
// preview starts from the state without it: the gesture still commits against the real
// base, so removing the old box and adding the new one is ONE undo step.
export function drawBase(base: EditorState, maxBoxes: number | undefined): EditorState {
  if (maxBoxes === undefined || base.boxes.length < maxBoxes) return base;
  const replaced = base.boxes.find((b) => b.id === base.selectedId) ?? base.boxes.at(-1);
  return replaced ? editorReducer(base, { type: "delete", id: replaced.id }) : base;
}

// Ids only need to be unique within one editor state; crypto.randomUUID is missing on plain
// http (a self-hosted instance on a LAN address), so a counter plus the clock it is.
let counter = 0;
export function newBoxId(state: EditorState): string {
  let id: string;
  do {
    counter += 1;
    id = `box-${Date.now().toString(36)}-${counter}`;
  } while (state.boxes.some((b) => b.id === id));
  return id;
}
