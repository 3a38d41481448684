// Resizing from the keyboard: E chooses which edge of the selected box the arrow keys move,
// in the order left, top, right, bottom, then none (the arrows move the whole box again);
// Shift+E goes the other way. An arrow along the chosen edge's axis moves it (left/right for
// the side edges, up/down for the top and bottom); an arrow across it does nothing, so a key
// never moves a different edge than the one shown.
import { EDGES, type Direction, type Edge } from "@/lib/editor/box-ops";

const CYCLE: readonly (Edge | null)[] = [null, ...EDGES];

export function cycleEdge(current: Edge | null, step: 1 | -1): Edge | null {
  const at = CYCLE.indexOf(current);
  return CYCLE[(at + step + CYCLE.length) % CYCLE.length]!;
}

/** The edge's move for an arrow key of `step` pixels, or null for an arrow across the edge. */
export function edgeDelta(edge: Edge, direction: Direction, step: number): number | null {
  const isHorizontal = direction === "left" || direction === "right";
  if ((edge === "left" || edge === "right") !== isHorizontal) return null;
  return direction === "left" || direction === "up" ? -step : step;
}
