"use client";
// The boxes on the stage. State stays in image pixels; boxToStage is the Konva boundary.
// Each box is drawn twice (a wide white stroke under a thin coloured one) so that it stays
// visible on dark and light screenshots alike; the selected box is drawn last, on top, with
// its handles. "Target absent" dims them: they are kept, but will not be saved.
import { Group, Label, Rect, Tag, Text } from "react-konva";
import type { EditorBox, EditorState } from "@/lib/editor/state";
import { boxToStage, type Viewport } from "@/lib/editor/viewport";
import { Handles } from "@/components/editor/handles";

const BOX_COLOR = "#f59e0b";
const SELECTED_COLOR = "#d946ef";

type ShapeProps = { item: EditorBox; index: number; viewport: Viewport; isSelected: boolean };

function BoxShape({ item, index, viewport, isSelected }: ShapeProps) {
  const r = boxToStage(item.box, viewport);
  const color = isSelected ? SELECTED_COLOR : BOX_COLOR;
  const name = item.label === "" ? `${index + 1}` : `${index + 1} ${item.label}`;
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
      {/* Above the box, or inside it when the box touches the stage's top. */}
      <Label x={r.x} y={r.y >= 18 ? r.y - 18 : r.y}>
        <Tag fill={color} cornerRadius={2} />
        <Text text={name} fontSize={12} fontFamily="DejaVu Sans, sans-serif" fill="#ffffff" padding={3} />
      </Label>
      {isSelected && <Handles rect={r} color={color} />}
    </Group>
  );
}

export function BoxShapes({ state, viewport }: { state: EditorState; viewport: Viewport }) {
  const indexed = state.boxes.map((item, index) => ({ item, index }));
  const ordered = [
    ...indexed.filter(({ item }) => item.id !== state.selectedId),
    ...indexed.filter(({ item }) => item.id === state.selectedId),
  ];
  return (
    <Group opacity={state.targetAbsent ? 0.35 : 1}>
      {ordered.map(({ item, index }) => (
        <BoxShape
          key={item.id}
          item={item}
          index={index}
          viewport={viewport}
          isSelected={item.id === state.selectedId}
        />
      ))}
    </Group>
  );
}
