"use client";
// Read-only boxes drawn under the editable ones: other people's answers on the adjudication
// screen, each in its own colour with a numbered tag, dashed so the editable box stays the
// one that looks solid. They are not part of the editor's state and cannot be selected. The
// review screen uses one for the box the item had before the edit (imported or final).
import { Group, Label, Layer, Rect, Tag, Text } from "react-konva";
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
            {/* Below the box, so it does not cover the tag of the editable box above it. */}
            <Label x={r.x} y={r.y + r.height + 2}>
              <Tag fill={ref.color} cornerRadius={2} />
              <Text text={ref.label} fontSize={12} fontFamily="DejaVu Sans, sans-serif" fill="#ffffff" padding={3} />
            </Label>
          </Group>
        );
      })}
    </Layer>
  );
}
