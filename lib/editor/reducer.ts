// The editor's pure reducer. Every result keeps the invariants of state.ts (boxes clamped
// to the image, at least MIN_BOX_SIZE, unique ids, a valid selection). An action that would
// change nothing, names a box that does not exist or carries a non-finite number (a half-typed
// coordinate field) returns the SAME state object, so history.commit can tell "no change"
// by identity and record no empty undo step.
//
// Which actions are undoable is a history policy, not the reducer's: see editor-history.ts
// (load resets history, select is not a step of its own).
import type { Box, Point } from "@/lib/domain/geometry";
import {
  MIN_BOX_SIZE,
  moveBox,
  moveEdge,
  nudge,
  resizeBox,
  type Direction,
  type Edge,
  type Handle,
} from "@/lib/editor/box-ops";
import {
  createEditorState,
  findBox,
  fitBoxToImage,
  isFiniteBox,
  type EditorInput,
  type EditorState,
} from "@/lib/editor/state";

export type EditorAction =
  | { type: "load"; data: EditorInput }
  | { type: "add"; id: string; box: Box; label?: string }
  | { type: "select"; id: string | null }
  // The next (1) or previous (-1) box in list order, wrapping; from none, the first or last.
  | { type: "cycleSelection"; step: 1 | -1 }
  | { type: "move"; id: string; dx: number; dy: number }
  | { type: "resize"; id: string; handle: Handle; point: Point }
  | { type: "setBox"; id: string; box: Box }
  | { type: "nudge"; id?: string; direction: Direction; step: number }
  // One edge of the box (default: the selected one) by `delta` image pixels, right/down positive.
  | { type: "moveEdge"; id?: string; edge: Edge; delta: number }
  | { type: "delete"; id?: string }
  | { type: "setLabel"; id: string; label: string }
  | { type: "setTargetAbsent"; value: boolean }
  | { type: "setSnapToPixels"; value: boolean }
  | { type: "clear" };

function sameBox(a: Box, b: Box): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

// A box on whole image pixels when snapping is on (still clamped and at least the minimum).
function placed(state: EditorState, box: Box): Box {
  return state.snapToPixels ? fitBoxToImage(box.map(Math.round) as Box, state.image) : box;
}

// Replaces one box's coordinates; same object back when the box is missing or unchanged.
function updateBox(state: EditorState, id: string, edit: (box: Box) => Box): EditorState {
  const current = findBox(state, id);
  if (current === null) return state;
  const box = placed(state, edit(current.box));
  if (sameBox(box, current.box)) return state;
  return { ...state, boxes: state.boxes.map((b) => (b.id === id ? { ...b, box } : b)) };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { image } = state;
  switch (action.type) {
    case "load":
      // A new sample keeps the snapping preference unless the data says otherwise.
      return createEditorState({ snapToPixels: state.snapToPixels, ...action.data });

    case "add": {
      // Two boxes with one id would make every later action ambiguous: a caller bug.
      if (findBox(state, action.id) !== null) {
        throw new RangeError(`duplicate box id "${action.id}"`);
      }
      if (!isFiniteBox(action.box)) return state;
      const box = placed(state, fitBoxToImage(action.box, image));
      const added = { id: action.id, box, label: action.label ?? "" };
      // Drawing a box says the target is there, so it ends "target absent" in the same step.
      return {
        ...state,
        boxes: [...state.boxes, added],
        selectedId: action.id,
        targetAbsent: false,
      };
    }

    case "select":
      if (action.id === state.selectedId) return state;
      if (action.id !== null && findBox(state, action.id) === null) return state;
      return { ...state, selectedId: action.id };

    case "cycleSelection": {
      // Boxes marked absent are not for editing (setTargetAbsent drops the selection too).
      if (state.boxes.length === 0 || state.targetAbsent) return state;
      const at = state.boxes.findIndex((b) => b.id === state.selectedId);
      const n = state.boxes.length;
      const next = at === -1 ? (action.step === 1 ? 0 : n - 1) : (at + action.step + n) % n;
      const id = state.boxes[next]!.id;
      return id === state.selectedId ? state : { ...state, selectedId: id };
    }

    case "move":
      if (!Number.isFinite(action.dx) || !Number.isFinite(action.dy)) return state;
      return updateBox(state, action.id, (box) => moveBox(box, action.dx, action.dy, image));

    case "resize":
      if (!action.point.every(Number.isFinite)) return state;
      return updateBox(state, action.id, (box) =>
        resizeBox(box, action.handle, action.point, image, MIN_BOX_SIZE),
      );

    case "setBox":
      if (!isFiniteBox(action.box)) return state;
      return updateBox(state, action.id, () => fitBoxToImage(action.box, image));

    case "nudge": {
      const id = action.id ?? state.selectedId;
      if (id === null || !Number.isFinite(action.step)) return state;
      return updateBox(state, id, (box) => nudge(box, action.direction, action.step, image));
    }

    case "moveEdge": {
      const id = action.id ?? state.selectedId;
      if (id === null || !Number.isFinite(action.delta)) return state;
      return updateBox(state, id, (box) => moveEdge(box, action.edge, action.delta, image));
    }

    case "delete": {
      const id = action.id ?? state.selectedId;
      if (id === null || findBox(state, id) === null) return state;
      return {
        ...state,
        boxes: state.boxes.filter((b) => b.id !== id),
        selectedId: state.selectedId === id ? null : state.selectedId,
      };
    }

    case "setLabel": {
      const current = findBox(state, action.id);
      if (current === null || current.label === action.label) return state;
      return {
        ...state,
        boxes: state.boxes.map((b) => (b.id === action.id ? { ...b, label: action.label } : b)),
      };
    }

    case "setTargetAbsent":
      if (action.value === state.targetAbsent) return state;
      // Boxes stay (see state.ts); the selection goes so that arrow keys and Delete cannot
      // quietly edit a box that will not be saved.
      return {
        ...state,
        targetAbsent: action.value,
        selectedId: action.value ? null : state.selectedId,
      };

    case "setSnapToPixels":
      // Boxes stay where they are: only what is drawn or moved from now on snaps.
      return action.value === state.snapToPixels ? state : { ...state, snapToPixels: action.value };

    case "clear":
      if (state.boxes.length === 0) return state;
      return { ...state, boxes: [], selectedId: null };

    default: {
      const unknown: never = action;
      throw new TypeError(`unknown editor action ${JSON.stringify(unknown)}`);
    }
  }
}
