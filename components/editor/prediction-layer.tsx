"use client";
// The model's predicted points: green = hit, red = miss, blue = not judged. Drawn in stage
// pixels (fixed size at any zoom) above the boxes, with a label on a dark tag for contrast.
import { Circle, Group, Label, Layer, Tag, Text } from "react-konva";
import { imageToStage, type Viewport } from "@/lib/editor/viewport";

export type Prediction = { label: string; x: number; y: number; hit: boolean | null };

// Dot colour, and a lighter shade of it for the label on its dark tag.
const COLORS = {
  hit: { dot: "#16a34a", text: "#86efac" },
  miss: { dot: "#dc2626", text: "#fca5a5" },
  unknown: { dot: "#2563eb", text: "#93c5fd" },
};

function colorsFor(hit: boolean | null) {
  return hit === null ? COLORS.unknown : hit ? COLORS.hit : COLORS.miss;
}

export function PredictionLayer({ predictions, viewport }: { predictions: Prediction[]; viewport: Viewport }) {
  return (
    <Layer listening={false}>
      {predictions.map((p, i) => {
        const [x, y] = imageToStage([p.x, p.y], viewport);
        const color = colorsFor(p.hit);
        return (
          <Group key={`${i}-${p.label}`}>
            <Circle x={x} y={y} radius={6} fill={color.dot} stroke="#ffffff" strokeWidth={2} strokeScaleEnabled={false} />
            <Circle x={x} y={y} radius={1.5} fill="#ffffff" />
            {p.label !== "" && (
              <Label x={x + 10} y={y - 9}>
                <Tag fill="rgba(15,23,42,0.8)" cornerRadius={2} />
                <Text text={p.label} fontSize={12} fontFamily="DejaVu Sans, sans-serif" fill={color.text} padding={3} />
              </Label>
            )}
          </Group>
        );
      })}
    </Layer>
  );
}
