// The one transform between the screenshot's pixel space and Konva's stage pixels:
//   stage = image * scale + offset
// State and saved data stay in image pixels; only the Konva boundary calls these functions
// (CONVENTIONS "The box editor"). Every function returns a new Viewport, or the same object
// when nothing changes, so a React state setter can skip the re-render.
import type { Box, Point } from "@/lib/domain/geometry";
import { assertImageSize, type Size } from "@/lib/editor/size";

export type Viewport = { scale: number; offsetX: number; offsetY: number };

// What a Konva Rect takes; width/height may come back negative from a Transformer flip.
export type StageRect = { x: number; y: number; width: number; height: number };

export type ZoomLimits = { min: number; max: number };

// 0.05 shows a 4K screenshot as ~190 px wide; 32 puts one image pixel on 32 screen pixels,
// enough to place an edge between two pixels.
export const ZOOM_LIMITS: ZoomLimits = { min: 0.05, max: 32 };

// One "+"/"-" press or wheel notch; 1.25^3 ~ 2, so three presses double the zoom.
export const ZOOM_STEP = 1.25;

export function imageToStage(point: Point, vp: Viewport): Point {
  return [point[0] * vp.scale + vp.offsetX, point[1] * vp.scale + vp.offsetY];
}

export function stageToImage(point: Point, vp: Viewport): Point {
  return [(point[0] - vp.offsetX) / vp.scale, (point[1] - vp.offsetY) / vp.scale];
}

export function boxToStage(box: Box, vp: Viewport): StageRect {
  const [x1, y1, x2, y2] = box;
  return {
    x: x1 * vp.scale + vp.offsetX,
    y: y1 * vp.scale + vp.offsetY,
    width: (x2 - x1) * vp.scale,
    height: (y2 - y1) * vp.scale,
  };
}

// Normalizes, so a rect flipped by a Transformer (negative width) still gives x1 <= x2.
export function boxFromStage(rect: StageRect, vp: Viewport): Box {
  const [ax, ay] = stageToImage([rect.x, rect.y], vp);
  const [bx, by] = stageToImage([rect.x + rect.width, rect.y + rect.height], vp);
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

function clampScale(scale: number, limits: ZoomLimits): number {
  return Math.min(Math.max(scale, limits.min), limits.max);
}

function centered(image: Size, stage: Size, scale: number): Viewport {
  return {
    scale,
    offsetX: (stage.width - image.width * scale) / 2,
    offsetY: (stage.height - image.height * scale) / 2,
  };
}

// Whole image visible and centered. A stage not yet measured (0x0) or smaller than the
// padding yields the minimum zoom instead of 0, which would make stageToImage divide by 0.
export function fitViewport(
  image: Size,
  stage: Size,
  padding = 0,
  limits: ZoomLimits = ZOOM_LIMITS,
): Viewport {
  assertImageSize(image);
  const scale = Math.min(
    (stage.width - 2 * padding) / image.width,
    (stage.height - 2 * padding) / image.height,
  );
  return centered(image, stage, clampScale(Number.isFinite(scale) ? scale : limits.min, limits));
}

// One image pixel per stage pixel, centered; an image larger than the stage shows its middle
// (offsets go negative), which the user then pans.
export function actualSizeViewport(image: Size, stage: Size): Viewport {
  assertImageSize(image);
  return centered(image, stage, 1);
}

// Zooms about a stage point (the cursor, or the stage centre for keyboard zoom) so that the
// image pixel under it stays under it. At a limit the zoom stops and the view does not move.
export function zoomAt(
  vp: Viewport,
  factor: number,
  anchor: Point,
  limits: ZoomLimits = ZOOM_LIMITS,
): Viewport {
  if (!Number.isFinite(factor) || factor <= 0) {
    throw new RangeError(`zoom factor must be finite and > 0, got ${factor}`);
  }
  const scale = clampScale(vp.scale * factor, limits);
  if (scale === vp.scale) return vp;
  const [ix, iy] = stageToImage(anchor, vp);
  return { scale, offsetX: anchor[0] - ix * scale, offsetY: anchor[1] - iy * scale };
}

export function panBy(vp: Viewport, dx: number, dy: number): Viewport {
  if (dx === 0 && dy === 0) return vp;
  return { scale: vp.scale, offsetX: vp.offsetX + dx, offsetY: vp.offsetY + dy };
}

// A remembered zoom applied to a new screenshot (the trajectory screen keeps one per project):
// `factor` times the fitted scale, with `focus` (an image point: the step's action) in the
// middle of the stage as far as the image allows. Along an axis where the zoomed image is
// smaller than the stage it is centred; along one where it is larger, it covers the stage
// (no empty band beside an image that could fill it).
export function zoomedViewport(image: Size, stage: Size, fitted: Viewport, factor: number, focus: Point | null, limits: ZoomLimits = ZOOM_LIMITS): Viewport {
  assertImageSize(image);
  if (!Number.isFinite(factor) || factor <= 0) throw new RangeError(`zoom factor must be finite and > 0, got ${factor}`);
  const scale = clampScale(fitted.scale * factor, limits);
  const [fx, fy] = focus ?? [image.width / 2, image.height / 2];
  const axis = (stageSize: number, imageSize: number, at: number) => {
    const drawn = imageSize * scale;
    if (drawn <= stageSize) return (stageSize - drawn) / 2;
    return Math.min(0, Math.max(stageSize - drawn, stageSize / 2 - at * scale));
  };
  return { scale, offsetX: axis(stage.width, image.width, fx), offsetY: axis(stage.height, image.height, fy) };
}
