// The image size a Qwen2.5-VL model sees, exactly as qwen-vl-utils computes it, so absolute
// pixel coordinates in a pool are on the image the model is trained on. Ported (not copied)
// from qwen-vl-utils' smart_resize, checked against:
//   QwenLM/Qwen2.5-VL@f0af2996 qwen-vl-utils/src/qwen_vl_utils/vision_process.py:42-85
//     (IMAGE_FACTOR 28, MIN_PIXELS 4*28*28, MAX_PIXELS 16384*28*28, MAX_RATIO 200)
//   QwenLM/Qwen3-VL@96588727 qwen-vl-utils/src/qwen_vl_utils/vision_process.py:41-81 (the same
//     algorithm with the factor as a parameter: 28 for Qwen2.5-VL, 32 for Qwen3-VL)
// Python's round() rounds halves to even (round_by_factor of 1274/28 = 45.5 is 46, not 45 as
// Math.round would give), so the port uses pythonRound. Pure: the preview draws with it too.

export const QWEN25_FACTOR = 28;
export const QWEN25_MIN_PIXELS = 4 * 28 * 28;
export const QWEN25_MAX_PIXELS = 16384 * 28 * 28;
export const MAX_ASPECT_RATIO = 200;

export type SmartResizeOptions = { factor: number; minPixels: number; maxPixels: number };

export const QWEN25_RESIZE: SmartResizeOptions = { factor: QWEN25_FACTOR, minPixels: QWEN25_MIN_PIXELS, maxPixels: QWEN25_MAX_PIXELS };

/** Python 3's round(x) to an integer: halves go to the even neighbour. */
export function pythonRound(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

const roundBy = (n: number, f: number) => pythonRound(n / f) * f;
const ceilBy = (n: number, f: number) => Math.ceil(n / f) * f;
const floorBy = (n: number, f: number) => Math.floor(n / f) * f;

export class AspectRatioError extends RangeError {}

/** [width, height] of the resized image (qwen-vl-utils returns (height, width); this returns width first like every size here). */
export function smartResize(width: number, height: number, options: SmartResizeOptions = QWEN25_RESIZE): { width: number; height: number } {
  const { factor, minPixels, maxPixels } = options;
  if (Math.max(height, width) / Math.min(height, width) > MAX_ASPECT_RATIO) {
    throw new AspectRatioError(`absolute aspect ratio must be smaller than ${MAX_ASPECT_RATIO}, got ${Math.max(height, width) / Math.min(height, width)}`);
  }
  let hBar = Math.max(factor, roundBy(height, factor));
  let wBar = Math.max(factor, roundBy(width, factor));
  if (hBar * wBar > maxPixels) {
    const beta = Math.sqrt((height * width) / maxPixels);
    hBar = floorBy(height / beta, factor);
    wBar = floorBy(width / beta, factor);
  } else if (hBar * wBar < minPixels) {
    const beta = Math.sqrt(minPixels / (height * width));
    hBar = ceilBy(height * beta, factor);
    wBar = ceilBy(width * beta, factor);
  }
  return { width: wBar, height: hBar };
}
