// A source that states an image size (ScreenSpot-Pro's img_size, OSWorld-G's image_size)
// measured its coordinates on that size. When the screenshot at hand has another size:
//   - the same aspect ratio (a resized copy): coordinates are rescaled, and the report says so;
//   - another aspect ratio (a crop, a rotation, another screenshot): no rescaling can be
//     right, so the record is refused with both sizes.
// The import of a record and the later completion of its missing image apply this one rule,
// so the order in which records and images arrive cannot give two different boxes.
import type { ImageSize } from "@/lib/domain/coordinates";

export type SizeComparison =
  | { kind: "same" }
  | { kind: "resized"; note: string; sx: number; sy: number }
  | { kind: "mismatch"; reason: string };

const fmt = (s: ImageSize) => `${s.width}x${s.height}`;

/** Within one pixel of a uniform scale: resizing rounds each side to whole pixels. */
function isUniformScale(stated: ImageSize, actual: ImageSize): boolean {
  const sx = actual.width / stated.width;
  const sy = actual.height / stated.height;
  return Math.abs(stated.width * sy - actual.width) <= 1 || Math.abs(stated.height * sx - actual.height) <= 1;
}

export function compareStatedSize(stated: ImageSize | null, actual: ImageSize | null): SizeComparison {
  if (!stated || !actual) return { kind: "same" };
  if (stated.width === actual.width && stated.height === actual.height) return { kind: "same" };
  if (!isUniformScale(stated, actual)) {
    return {
      kind: "mismatch",
      reason: `the image is ${fmt(actual)} but the record says it is ${fmt(stated)}, another aspect ratio: its coordinates cannot be placed on this image`,
    };
  }
  const sx = actual.width / stated.width;
  const sy = actual.height / stated.height;
  return { kind: "resized", sx, sy, note: `the image is ${fmt(actual)}, the record says ${fmt(stated)}: coordinates rescaled by ${sx.toFixed(4)}` };
}
