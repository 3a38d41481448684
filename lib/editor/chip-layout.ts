// Where the labels ("chips") on the box editor's canvas go, in stage pixels, so that none
// covers what it names (issue 36, item 22): at fit zoom a 22x25 px icon is 6-9 stage pixels,
// and the editable box's tag, the imported box's, each model's name and the UI element's
// used to sit on it and on each other. Each chip is tried at places outside its anchor (the
// box it names, or the marker of a model's point): above, below, right, left, then stacked
// further above and below. The first place inside the stage that overlaps neither a chip
// already placed nor any box or marker wins; if every place hits a box (a small box inside a
// large one), boxes other than the chip's own are let go; if even that fails, chips may
// overlap. A model's name is tried beside its point first, where it always was. A chip that ends up away from its anchor is marked, so a leader line can tie it back.
// Pure: the caller measures the text and draws.
import type { Size } from "@/lib/editor/size";

export type Rect = { x: number; y: number; width: number; height: number };
// `isBeside`: a point's name, tried beside it (right, then left) before above and below.
export type ChipRequest = { key: string; anchor: Rect; width: number; height: number; isBeside?: boolean };
export type PlacedChip = Rect & { key: string; anchor: Rect; isDetached: boolean };

const GAP = 2;
const STACK_DEPTH = 8;

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// Places outside the anchor, nearest first; x slides back inside the stage.
function candidates(request: ChipRequest, stage: Size): Rect[] {
  const { anchor: a, width: w, height: h } = request;
  const slideX = (x: number) => Math.min(Math.max(x, 0), Math.max(0, stage.width - w));
  const midY = a.y + a.height / 2 - h / 2;
  const above = (k: number) => ({ x: slideX(a.x), y: a.y - GAP - h - k * (h + GAP), width: w, height: h });
  const below = (k: number) => ({ x: slideX(a.x), y: a.y + a.height + GAP + k * (h + GAP), width: w, height: h });
  const right = { x: a.x + a.width + GAP, y: midY, width: w, height: h };
  const left = { x: a.x - GAP - w, y: midY, width: w, height: h };
  const places: Rect[] = request.isBeside ? [right, left, above(0), below(0)] : [above(0), below(0), right, left];
  for (let k = 1; k <= STACK_DEPTH; k++) places.push(above(k), below(k));
  return places.filter((r) => r.x >= 0 && r.y >= 0 && r.x + r.width <= stage.width && r.y + r.height <= stage.height);
}

function isTouching(chip: Rect, anchor: Rect): boolean {
  const grown = { x: anchor.x - GAP - 1, y: anchor.y - GAP - 1, width: anchor.width + 2 * GAP + 2, height: anchor.height + 2 * GAP + 2 };
  return overlaps(chip, grown);
}

/** Chips in priority order (the first placed gets the nearest place); obstacles are every box
 *  and marker on the stage, the chips' own anchors included. */
export function placeChips(requests: readonly ChipRequest[], obstacles: readonly Rect[], stage: Size): PlacedChip[] {
  const placed: PlacedChip[] = [];
  for (const request of requests) {
    const places = candidates(request, stage);
    const free = (r: Rect, blockers: readonly Rect[]) => !placed.some((p) => overlaps(r, p)) && !blockers.some((b) => overlaps(r, b));
    const spot =
      places.find((r) => free(r, obstacles)) ??
      places.find((r) => free(r, [request.anchor])) ??
      places[0] ?? { x: Math.max(0, request.anchor.x), y: Math.max(0, request.anchor.y), width: request.width, height: request.height };
    placed.push({ ...spot, key: request.key, anchor: request.anchor, isDetached: !isTouching(spot, request.anchor) });
  }
  return placed;
}
