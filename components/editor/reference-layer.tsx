"use client";
// Read-only boxes drawn under the editable ones: other people's answers on the adjudication
// screen, each in its own colour, dashed so the editable box stays the one that looks solid.
// They are not part of the editor's state and cannot be selected. The review screen uses one
// for the box the item had before the edit (imported or final). Their named tags are drawn by
// chip-layer.tsx with every other label, placed outside the boxes.
import { Group, Layer, Rect } from "react-konva";
import type { Box } from "@/lib/domain/geometry";
import { boxToStage, type Viewport } from "@/lib/editor/viewport";

// `dim`: drawn faint (the original box while a new one is drawn over it).
export type ReferenceBox = { key: string; label: string; box: Box; color: string; dim?: boolean };

export function ReferenceLayer({ references, viewport }: { references: ReferenceBox[]; viewport: Viewport }) {
  return (
    <Layer listening={false}>
      {references.map((ref) => {
        const r = boxToStage(ref.box, viewport);
        return (
          <Group key={ref.key} opacity={ref.dim ? 0.55 : 1}>
            <Rect {...r} stroke="#ffffff" strokeWidth={4} opacity={0.6} strokeScaleEnabled={false} />
            <Rect {...r} stroke={ref.color} strokeWidth={2.5} dash={[8, 4]} strokeScaleEnabled={false} />
          </Group>
        );
      })}
    </Layer>
  );
}
