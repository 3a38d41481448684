"use client";
// The boxes on the stage. State stays in image pixels; boxToStage is the Konva boundary.
// Each box is drawn twice (a wide white stroke under a thin coloured one) so that it stays
// visible on dark and light screenshots alike; the selected box is drawn last, on top, with
// its handles, and the edge the arrow keys move (E) drawn thick. "Target absent" dims them:
// they are kept, but will not be saved. Their tags are drawn with every other label by
// chip-layer.tsx, placed outside the boxes.
import { Group, Line, Rect } from "react-konva";
import type { Edge } from "@/lib/editor/box-ops";
import type { EditorBox, EditorState } from "@/lib/editor/state";
import { boxToStage, type StageRect, type Viewport } from "@/lib/editor/viewport";
import { BOX_COLOR, SELECTED_COLOR } from "@/components/editor/canvas-chips";
import { Handles } from "@/components/editor/handles";

type ShapeProps = { item: EditorBox; viewport: Viewport; isSelected: boolean; edge: Edge | null };

function edgePoints(r: StageRect, edge: Edge): number[] {
  const [left, top, right, bottom] = [r.x, r.y, r.x + r.width, r.y + r.height];
  if (edge === "left") return [left, top, left, bottom];
  if (edge === "right") return [right, top, right, bottom];
  if (edge === "top") return [left, top, right, top];
  return [left, bottom, right, bottom];
}

function BoxShape({ item, viewport, isSelected, edge }: ShapeProps) {
  const r = boxToStage(item.box, viewport);
  const color = isSelected ? SELECTED_COLOR : BOX_COLOR;
  return (
    <Group>
      <Rect {...r} stroke="#ffffff" strokeWidth={3.5} opacity={0.7} strokeScaleEnabled={false} />
      <Rect
        {...r}
        stroke={color}
        strokeWidth={isSelected ? 2 : 1.5}
        fill={isSelected ? "rgba(217,70,239,0.12)" : "rgba(245,158,11,0.08)"}
        strokeScaleEnabled={false}
      />
      {isSelected && <Handles rect={r} color={color} />}
      {/* Over the handles: on a box a few pixels wide they would hide which edge moves. */}
      {isSelected && edge && (
        <>
          <Line points={edgePoints(r, edge)} stroke="#ffffff" strokeWidth={7} lineCap="round" opacity={0.9} />
          <Line points={edgePoints(r, edge)} stroke="#0891b2" strokeWidth={4} lineCap="round" />
        </>
      )}
    </Group>
  );
}

export function BoxShapes({ state, viewport, edge }: { state: EditorState; viewport: Viewport; edge: Edge | null }) {
  const ordered = [...state.boxes.filter((b) => b.id !== state.selectedId), ...state.boxes.filter((b) => b.id === state.selectedId)];
  return (
    <Group opacity={state.targetAbsent ? 0.35 : 1}>
      {ordered.map((item) => (
        <BoxShape key={item.id} item={item} viewport={viewport} isSelected={item.id === state.selectedId} edge={edge} />
      ))}
    </Group>
  );
}
