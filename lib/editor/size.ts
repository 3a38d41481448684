// The pixel size of a screenshot or of the Konva stage. The editor refuses an empty image:
// a box on a 0-px screenshot means nothing, so that is a caller bug, not a state to model.
export type Size = { width: number; height: number };

export function assertImageSize(image: Size): void {
  const { width, height } = image;
  if (!Number.isFinite(width) || width <= 0 || !Number.isFinite(height) || height <= 0) {
    throw new RangeError(`image size must be finite and > 0, got ${width}x${height}`);
  }
}
