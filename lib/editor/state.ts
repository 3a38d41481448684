// The box editor's state, all in image pixels. Invariants, kept by createEditorState and the
// reducer: every box is normalized, inside the image and at least MIN_BOX_SIZE on each side;
// ids are unique; selectedId is null or the id of a box that exists (the only box, when the
// input names none).
//
// "Target absent" policy: marking the target absent KEEPS the boxes in the state (dimmed by
// the UI) so that un-marking it brings them back without an undo; the saved answer, from
// toAnswer, then has no box at all, which is the refusal sample of the spec (§2).
import type { Box } from "@/lib/domain/geometry";
import { MIN_BOX_SIZE, enforceMinSize, roundBox } from "@/lib/editor/box-ops";
import { assertImageSize, type Size } from "@/lib/editor/size";

export type EditorBox = { id: string; box: Box; label: string };

export type EditorState = {
  image: Size;
  boxes: EditorBox[];
  selectedId: string | null;
  targetAbsent: boolean;
  // A preference, not part of the answer: every box drawn, moved or resized while it is on
  // ends on whole image pixels. Set on every snapshot of the history at once (see
  // editor-history.ts), so undo never turns it off.
  snapToPixels: boolean;
};

// What the server hands the editor. Boxes may be inverted, outside the image or degenerate
// (imported data is); they are brought into the invariant, so a caller that needs to know
// whether that changed anything compares toAnswer(state) with what it loaded.
export type EditorInput = {
  image: Size;
  boxes: ReadonlyArray<{ id: string; box: Box; label?: string }>;
  targetAbsent?: boolean;
  selectedId?: string | null;
  snapToPixels?: boolean;
};

export type EditorAnswer =
  | { targetAbsent: true; boxes: [] }
  | { targetAbsent: false; boxes: Array<{ box: Box; label: string }> };

export function isFiniteBox(box: Box): boolean {
  return box.every(Number.isFinite);
}

// The one way a box enters the state: clamped into the image and grown to the minimum size.
export function fitBoxToImage(box: Box, image: Size): Box {
  return enforceMinSize(box, MIN_BOX_SIZE, image);
}

export function createEditorState(input: EditorInput): EditorState {
  assertImageSize(input.image);
  const ids = new Set<string>();
  const boxes = input.boxes.map(({ id, box, label }) => {
    // Server data with a duplicate id or a NaN is a bug upstream; repairing it here would
    // save something nobody drew.
    if (ids.has(id)) throw new RangeError(`duplicate box id "${id}"`);
    if (!isFiniteBox(box)) throw new RangeError(`box "${id}" has non-finite coordinates`);
    ids.add(id);
    return { id, box: fitBoxToImage(box, input.image), label: label ?? "" };
  });
  // Keyboard-first: when the data holds one box and says nothing about the selection, that
  // box is selected, so the arrow keys move it without a click first (issue 36, item 33).
  // An explicit null keeps nothing selected; a box marked absent is not for editing.
  const onlyBox = boxes.length === 1 && !input.targetAbsent ? boxes[0]!.id : null;
  const selected = input.selectedId === undefined ? onlyBox : input.selectedId;
  const selectedId = selected !== null && ids.has(selected) ? selected : null;
  return {
    image: { width: input.image.width, height: input.image.height },
    boxes,
    selectedId,
    targetAbsent: input.targetAbsent ?? false,
    snapToPixels: input.snapToPixels ?? false,
  };
}

export function findBox(state: EditorState, id: string): EditorBox | null {
  return state.boxes.find((b) => b.id === id) ?? null;
}

export function selectedBox(state: EditorState): EditorBox | null {
  return state.selectedId === null ? null : findBox(state, state.selectedId);
}

// What gets saved. Coordinates are rounded (default 2 decimals): pointer maths at odd zooms
// yields 512.3333333, and nobody can place an edge more finely than 1/100 px.
export function toAnswer(state: EditorState, decimals = 2): EditorAnswer {
  if (state.targetAbsent) return { targetAbsent: true, boxes: [] };
  return {
    targetAbsent: false,
    boxes: state.boxes.map((b) => ({ box: roundBox(b.box, decimals), label: b.label })),
  };
}

// A grounding answer says either "absent" or where the target is; neither yet is a draft.
export function isAnswerComplete(state: EditorState): boolean {
  return state.targetAbsent || state.boxes.length > 0;
}
