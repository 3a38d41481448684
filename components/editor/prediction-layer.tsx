"use client";
// The model's predicted points: green = hit, red = miss, blue = not judged (against the box
// in the editor: the screen passes hit/miss for the box being edited). Drawn in stage pixels
// (fixed size at any zoom) above the boxes; their names are drawn by chip-layer.tsx, beside
// the point but off the target box.
import { Circle, Group, Layer } from "react-konva";
import { imageToStage, type Viewport } from "@/lib/editor/viewport";

export type Prediction = { label: string; x: number; y: number; hit: boolean | null };

const DOT = { hit: "#16a34a", miss: "#dc2626", unknown: "#2563eb" };

export function PredictionLayer({ predictions, viewport }: { predictions: Prediction[]; viewport: Viewport }) {
  return (
    <Layer listening={false}>
      {predictions.map((p, i) => {
        const [x, y] = imageToStage([p.x, p.y], viewport);
        const color = p.hit === null ? DOT.unknown : p.hit ? DOT.hit : DOT.miss;
        return (
          <Group key={`${i}-${p.label}`}>
            <Circle x={x} y={y} radius={6} fill={color} stroke="#ffffff" strokeWidth={2} strokeScaleEnabled={false} />
            <Circle x={x} y={y} radius={1.5} fill="#ffffff" />
          </Group>
        );
      })}
    </Layer>
  );
}
