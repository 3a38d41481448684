// The window of a screenshot a small picture shows: 4:3, around a region, with context.
export type Region = { x1: number; y1: number; x2: number; y2: number };
export type Window = { x: number; y: number; width: number; height: number };

/** A 4:3 window around the region: four times its size, at least a third of the image, inside it. */
export function windowAround(region: Region, image: { width: number; height: number }): Window {
  const regionW = Math.max(1, region.x2 - region.x1);
  const regionH = Math.max(1, region.y2 - region.y1);
  let width = Math.max(regionW * 4, (regionH * 4 * 4) / 3, image.width / 3);
  let height = (width * 3) / 4;
  if (width > image.width) [width, height] = [image.width, (image.width * 3) / 4];
  if (height > image.height) [width, height] = [(image.height * 4) / 3, image.height];
  const clamp = (v: number, size: number, limit: number) => Math.min(Math.max(0, v), Math.max(0, limit - size));
  const x = clamp((region.x1 + region.x2) / 2 - width / 2, width, image.width);
  const y = clamp((region.y1 + region.y2) / 2 - height / 2, height, image.height);
  return { x, y, width, height };
}

/** The smallest region holding a box and a point (a prediction beside its target). */
export function regionOf(box: Region | null, point: { x: number; y: number } | null): Region | null {
  if (!box && !point) return null;
  const xs = [...(box ? [box.x1, box.x2] : []), ...(point ? [point.x] : [])];
  const ys = [...(box ? [box.y1, box.y2] : []), ...(point ? [point.y] : [])];
  return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
}
