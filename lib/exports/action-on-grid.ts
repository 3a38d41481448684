// A canonical action re-expressed on the [0,1000] grid of its screenshot, the contract the
// UI-Venus navigation prompt uses: every point (x/y, from/to) through pointFromPixels and the
// element box through boxFromPixels, rounded to integers like the model's own output.
// Fields without coordinates (text, keys, direction, elementLabel, ...) pass through unchanged.
import "server-only";
import type { Action, PointObject } from "@/lib/domain/actions";
import { boxFromPixels, pointFromPixels, type ImageSize } from "@/lib/domain/coordinates";
import type { Box } from "@/lib/domain/geometry";

const GRID = { format: "xyxy", unit: "0-1000" } as const;

// Clamped: a point on the far edge may be a float hair past it.
const onGrid = (v: number) => Math.min(1000, Math.max(0, Math.round(v)));

function gridPoint(p: PointObject, image: ImageSize): PointObject {
  const [x, y] = pointFromPixels([p.x, p.y], GRID, image).map(onGrid) as [number, number];
  return { x, y };
}

function gridBox(box: Box, image: ImageSize): Box {
  return boxFromPixels(box, GRID, image).map(onGrid) as Box;
}

export function actionOnGrid(action: Action, image: ImageSize): Action {
  const out: Action = { ...action };
  if (action.element !== undefined) out.element = gridBox(action.element, image);
  switch (out.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover":
    case "select":
      if (out.x !== undefined && out.y !== undefined) {
        const p = gridPoint({ x: out.x, y: out.y }, image);
        out.x = p.x;
        out.y = p.y;
      }
      return out;
    case "scroll":
      if (out.from !== undefined) out.from = gridPoint(out.from, image);
      if (out.to !== undefined) out.to = gridPoint(out.to, image);
      return out;
    case "drag":
      out.from = gridPoint(out.from, image);
      out.to = gridPoint(out.to, image);
      return out;
    default:
      return out;
  }
}
