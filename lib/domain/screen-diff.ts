// Where two consecutive screenshots differ, as a few boxes a reviewer can see at a glance.
// A pixel differs when any of its channel values differs (exact, as AndroidLab's agreement in
// screen-agreement.ts compares values). The image is cut into square cells (about 1/64 of its
// longer side), a cell with a differing pixel is "changed", and each 8-connected group of
// changed cells gives one box, so a clock in the status bar and a dialog in the middle are two
// boxes instead of one that covers half the screen. Past MAX_REGIONS groups (noise, a video)
// the boxes are merged into the one box around all of them.
import type { DecodedImage } from "@/lib/domain/screen-agreement";

export type Region = [x1: number, y1: number, x2: number, y2: number];

export const MAX_REGIONS = 24;
const CELLS_ON_LONG_SIDE = 64;

/** The changed regions in image pixels; [] when no pixel differs, null when the images cannot
 * be compared (another size or channel count). */
export function changedRegions(a: DecodedImage, b: DecodedImage): Region[] | null {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels || a.data.length !== b.data.length) return null;
  const { width, height, channels } = a;
  const cell = Math.max(1, Math.ceil(Math.max(width, height) / CELLS_ON_LONG_SIDE));
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const changed = new Uint8Array(cols * rows);
  const x = a.data;
  const y = b.data;
  for (let py = 0; py < height; py++) {
    const rowBase = Math.floor(py / cell) * cols;
    for (let px = 0; px < width; px++) {
      const c = rowBase + Math.floor(px / cell);
      if (changed[c]) {
        // The rest of this cell's row segment cannot change the answer.
        px = Math.min(width, (Math.floor(px / cell) + 1) * cell) - 1;
        continue;
      }
      const i = (py * width + px) * channels;
      for (let k = 0; k < channels; k++) {
        if (x[i + k] !== y[i + k]) {
          changed[c] = 1;
          break;
        }
      }
    }
  }
  const regions = cellGroups(changed, cols, rows).map(([c1, r1, c2, r2]): Region => [c1 * cell, r1 * cell, Math.min(width, (c2 + 1) * cell), Math.min(height, (r2 + 1) * cell)]);
  if (regions.length <= MAX_REGIONS) return regions;
  return [[Math.min(...regions.map((r) => r[0])), Math.min(...regions.map((r) => r[1])), Math.max(...regions.map((r) => r[2])), Math.max(...regions.map((r) => r[3]))]];
}

/** Bounding boxes (in cells, inclusive) of the 8-connected groups of set cells, top to bottom. */
function cellGroups(set: Uint8Array, cols: number, rows: number): [number, number, number, number][] {
  const seen = new Uint8Array(set.length);
  const groups: [number, number, number, number][] = [];
  for (let start = 0; start < set.length; start++) {
    if (!set[start] || seen[start]) continue;
    const box: [number, number, number, number] = [start % cols, Math.floor(start / cols), start % cols, Math.floor(start / cols)];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const at = stack.pop()!;
      const cx = at % cols;
      const cy = Math.floor(at / cols);
      box[0] = Math.min(box[0], cx);
      box[1] = Math.min(box[1], cy);
      box[2] = Math.max(box[2], cx);
      box[3] = Math.max(box[3], cy);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const n = ny * cols + nx;
          if (set[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    groups.push(box);
  }
  return groups;
}
