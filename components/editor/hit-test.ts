// What a press on the stage grabs. The editor hit-tests its image-pixel state itself (with
// box-ops' hitHandle) instead of asking Konva, so no shape needs listeners and the rules sit
// in one place:
// - the selected box's handles first (they are drawn on top of everything);
// - then, among the boxes that contain the point, the SMALLEST: GUI targets nest (a button in
//   a toolbar in a panel) and the inner one would otherwise be impossible to pick;
// - else the image itself (a drag draws) or the margin around it (a drag pans).
// While the target is marked absent the boxes are dimmed and not grabbable.
import type { Point } from "@/lib/domain/geometry";
import { hitHandle, type Handle } from "@/lib/editor/box-ops";
import type { EditorState } from "@/lib/editor/state";
import { boxToStage, stageToImage, type Viewport } from "@/lib/editor/viewport";

// Handles are drawn this many stage pixels wide at any zoom, and grabbable a bit beyond.
export const HANDLE_SIZE_PX = 8;
export const HANDLE_HIT_PX = 6;

export type PointerTarget =
  | { kind: "handle"; id: string; handle: Handle }
  | { kind: "body"; id: string }
  | { kind: "image" }
  | { kind: "outside" };

export function targetAt(point: Point, state: EditorState, vp: Viewport): PointerTarget {
  if (!state.targetAbsent) {
    const selected = state.boxes.find((b) => b.id === state.selectedId);
    if (selected) {
      const hit = hitHandle(point, selected.box, vp, HANDLE_HIT_PX);
      if (hit !== null && hit !== "body") return { kind: "handle", id: selected.id, handle: hit };
    }
    let best: { id: string; area: number } | null = null;
    for (const { id, box } of state.boxes) {
      const r = boxToStage(box, vp);
      const inside =
        point[0] >= r.x && point[0] <= r.x + r.width && point[1] >= r.y && point[1] <= r.y + r.height;
      const area = r.width * r.height;
      // `<=` so that of two equal boxes the later one, drawn on top, wins.
      if (inside && (best === null || area <= best.area)) best = { id, area };
    }
    if (best !== null) return { kind: "body", id: best.id };
  }
  const [x, y] = stageToImage(point, vp);
  const { width, height } = state.image;
  return x >= 0 && x <= width && y >= 0 && y <= height ? { kind: "image" } : { kind: "outside" };
}

export const HANDLE_CURSORS: Record<Handle, string> = {
  nw: "nwse-resize",
  se: "nwse-resize",
  ne: "nesw-resize",
  sw: "nesw-resize",
  n: "ns-resize",
  s: "ns-resize",
  e: "ew-resize",
  w: "ew-resize",
};

export function cursorFor(target: PointerTarget, mode: { isPanning: boolean; isDrawMode: boolean; readOnly: boolean }): string {
  if (mode.isPanning) return "grab";
  if (mode.readOnly) return target.kind === "outside" ? "grab" : "default";
  if (mode.isDrawMode) return "crosshair";
  if (target.kind === "handle") return HANDLE_CURSORS[target.handle];
  if (target.kind === "body") return "move";
  return target.kind === "image" ? "crosshair" : "grab";
}
