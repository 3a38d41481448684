"use client";
// The Konva stage: pure drawing of props, in layers (image, reference boxes, boxes, model
// points, labels, crosshair) so that a pointer move redraws only the small overlay layer, not
// the 4K screenshot. The labels come laid out (canvas-chips.ts), or not at all when hidden. No layer
// listens: the editor hit-tests its own state (hit-test.ts) from DOM pointer events on the
// element around the stage. The stage never moves; the viewport (stage = image * scale +
// offset) is applied per shape.
import { Image as KonvaImage, Layer, Line, Rect, Stage } from "react-konva";
import type { Point } from "@/lib/domain/geometry";
import type { Size } from "@/lib/editor/size";
import type { EditorState } from "@/lib/editor/state";
import { boxToStage, type Viewport } from "@/lib/editor/viewport";
import type { Edge } from "@/lib/editor/box-ops";
import { BoxShapes } from "@/components/editor/box-shapes";
import type { CanvasChip } from "@/components/editor/canvas-chips";
import { ChipLayer } from "@/components/editor/chip-layer";
import { PredictionLayer, type Prediction } from "@/components/editor/prediction-layer";
import { ReferenceLayer, type ReferenceBox } from "@/components/editor/reference-layer";

// From this zoom on, each image pixel is shown as a sharp square: what a reviewer zooms in
// for is exactly where one pixel ends and the next begins.
const PIXELATED_FROM_SCALE = 2;

type Props = {
  size: Size;
  viewport: Viewport;
  image: HTMLImageElement | null;
  state: EditorState;
  predictions: Prediction[];
  references: ReferenceBox[];
  crosshair: Point | null;
  chips: readonly CanvasChip[];
  edge: Edge | null;
};

function Crosshair({ at, size }: { at: Point; size: Size }) {
  // Half-pixel positions keep the 1-px lines crisp; a white line under a dark dashed one
  // shows on any screenshot.
  const x = Math.round(at[0]) + 0.5;
  const y = Math.round(at[1]) + 0.5;
  const lines = [
    [x, 0, x, size.height],
    [0, y, size.width, y],
  ];
  return lines.map((points, i) => (
    <LinePair key={i} points={points} />
  ));
}

function LinePair({ points }: { points: number[] }) {
  return (
    <>
      <Line points={points} stroke="rgba(255,255,255,0.7)" strokeWidth={1} strokeScaleEnabled={false} />
      <Line points={points} stroke="rgba(15,23,42,0.75)" strokeWidth={1} dash={[4, 4]} strokeScaleEnabled={false} />
    </>
  );
}

export function EditorCanvas({ size, viewport, image, state, predictions, references, crosshair, chips, edge }: Props) {
  const frame = boxToStage([0, 0, state.image.width, state.image.height], viewport);
  return (
    <Stage width={size.width} height={size.height}>
      <Layer listening={false} imageSmoothingEnabled={viewport.scale < PIXELATED_FROM_SCALE}>
        {image ? (
          <KonvaImage image={image} {...frame} />
        ) : (
          // No screenshot: the image's extent still shows where boxes can go.
          <Rect {...frame} fill="#e2e8f0" stroke="#94a3b8" strokeWidth={1} dash={[6, 4]} strokeScaleEnabled={false} />
        )}
      </Layer>
      {references.length > 0 && <ReferenceLayer references={references} viewport={viewport} />}
      <Layer listening={false}>
        <BoxShapes state={state} viewport={viewport} edge={edge} />
      </Layer>
      <PredictionLayer predictions={predictions} viewport={viewport} />
      {chips.length > 0 && <ChipLayer chips={chips} />}
      <Layer listening={false}>{crosshair && <Crosshair at={crosshair} size={size} />}</Layer>
    </Stage>
  );
}
