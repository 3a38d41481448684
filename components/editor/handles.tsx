"use client";
// The selected box's eight resize handles, drawn in stage pixels so they keep the same size
// at any zoom (the hit area, hit-test.ts, is a little larger than what is drawn).
import { Rect } from "react-konva";
import { HANDLES, type Handle } from "@/lib/editor/box-ops";
import type { StageRect } from "@/lib/editor/viewport";
import { HANDLE_SIZE_PX } from "@/components/editor/hit-test";

function handleCentre(r: StageRect, handle: Handle): [number, number] {
  const x = handle.includes("w") ? r.x : handle.includes("e") ? r.x + r.width : r.x + r.width / 2;
  const y = handle.includes("n") ? r.y : handle.includes("s") ? r.y + r.height : r.y + r.height / 2;
  return [x, y];
}

export function Handles({ rect, color }: { rect: StageRect; color: string }) {
  const half = HANDLE_SIZE_PX / 2;
  return HANDLES.map((handle) => {
    const [x, y] = handleCentre(rect, handle);
    return (
      <Rect
        key={handle}
        // Whole pixels plus a half: a 1-px stroke on a pixel boundary renders crisp.
        x={Math.round(x - half) + 0.5}
        y={Math.round(y - half) + 0.5}
        width={HANDLE_SIZE_PX}
        height={HANDLE_SIZE_PX}
        fill="#ffffff"
        stroke={color}
        strokeWidth={1.5}
        strokeScaleEnabled={false}
      />
    );
  });
}
