// The labels on the box editor's canvas, laid out together (lib/editor/chip-layout.ts) so they
// sit outside what they name and never on each other: the editable boxes' tags first (the
// selected one nearest its box), then the read-only boxes' (imported, final, each annotator's,
// the UI element B would snap to), then the models' names beside their points. All in stage
// pixels, for the current viewport.
import { placeChips, type PlacedChip, type Rect } from "@/lib/editor/chip-layout";
import type { Size } from "@/lib/editor/size";
import type { EditorState } from "@/lib/editor/state";
import { boxToStage, imageToStage, type Viewport } from "@/lib/editor/viewport";
import type { Prediction } from "@/components/editor/prediction-layer";
import type { ReferenceBox } from "@/components/editor/reference-layer";
import { HANDLE_SIZE_PX } from "@/components/editor/hit-test";

export const CHIP_FONT_SIZE = 12;
export const CHIP_PADDING = 3;
export const CHIP_FONT_FAMILY = "DejaVu Sans, sans-serif";
const CHIP_HEIGHT = CHIP_FONT_SIZE + 2 * CHIP_PADDING;
// A model's point is drawn as a 6 px dot with a 2 px ring: its chip keeps clear of that.
export const MARKER_RADIUS = 8;
// Long names (a UI element's text) are cut: a chip wider than its box's neighbourhood hides more than it tells.
const MAX_CHARS = 32;

// fill: the tag; text: the words; line: the leader back to the anchor.
export type ChipStyle = { fill: string; text: string; line: string };
export type CanvasChip = PlacedChip & { label: string; style: ChipStyle };

export const BOX_COLOR = "#f59e0b";
export const SELECTED_COLOR = "#d946ef";
const PREDICTION_TEXT = { hit: "#86efac", miss: "#fca5a5", unknown: "#93c5fd" } as const;
const PREDICTION_TAG = "rgba(15,23,42,0.85)";

export function predictionTextColor(hit: boolean | null): string {
  return hit === null ? PREDICTION_TEXT.unknown : hit ? PREDICTION_TEXT.hit : PREDICTION_TEXT.miss;
}

const short = (label: string) => (label.length > MAX_CHARS ? `${label.slice(0, MAX_CHARS - 1)}…` : label);

export function editableBoxName(label: string, index: number): string {
  return label === "" ? `${index + 1}` : `${index + 1} ${label}`;
}

type Input = {
  state: EditorState;
  references: readonly ReferenceBox[];
  predictions: readonly Prediction[];
  viewport: Viewport;
  stage: Size;
  /** Width in stage pixels of a text at the chips' font (the caller measures it). */
  measure: (text: string) => number;
};

type Wanted = { key: string; anchor: Rect; label: string; style: ChipStyle; isBeside?: boolean };

// The selected box's handles stand half their size outside it: its tag keeps clear of them too.
function grown(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by };
}

export function layoutCanvasChips({ state, references, predictions, viewport, stage, measure }: Input): CanvasChip[] {
  const boxes = state.boxes.map((item, index) => {
    const rect = boxToStage(item.box, viewport);
    return { item, index, rect: item.id === state.selectedId ? grown(rect, HANDLE_SIZE_PX / 2 + 1) : rect };
  });
  const selectedFirst = [...boxes.filter((b) => b.item.id === state.selectedId), ...boxes.filter((b) => b.item.id !== state.selectedId)];
  const wanted: Wanted[] = [
    ...selectedFirst.map(({ item, index, rect }) => ({
      key: `box:${item.id}`,
      anchor: rect,
      label: short(editableBoxName(item.label, index)),
      style: { fill: item.id === state.selectedId ? SELECTED_COLOR : BOX_COLOR, text: "#ffffff", line: item.id === state.selectedId ? SELECTED_COLOR : BOX_COLOR },
    })),
    ...references.map((ref) => ({ key: `ref:${ref.key}`, anchor: boxToStage(ref.box, viewport), label: short(ref.label), style: { fill: ref.color, text: "#ffffff", line: ref.color } })),
    ...predictions.flatMap((p, i) => {
      if (p.label === "") return [];
      const [x, y] = imageToStage([p.x, p.y], viewport);
      const anchor = { x: x - MARKER_RADIUS, y: y - MARKER_RADIUS, width: 2 * MARKER_RADIUS, height: 2 * MARKER_RADIUS };
      return [{ key: `prediction:${i}`, anchor, isBeside: true, label: short(p.label), style: { fill: PREDICTION_TAG, text: predictionTextColor(p.hit), line: predictionTextColor(p.hit) } }];
    }),
  ];
  const requests = wanted.map((w) => ({ key: w.key, anchor: w.anchor, isBeside: w.isBeside, width: Math.ceil(measure(w.label)) + 2 * CHIP_PADDING, height: CHIP_HEIGHT }));
  const placed = placeChips(requests, wanted.map((w) => w.anchor), stage);
  return placed.map((chip, i) => ({ ...chip, label: wanted[i]!.label, style: wanted[i]!.style }));
}
