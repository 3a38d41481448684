// Synthetic screenshots for the generated import fixtures: flat "apps" of coloured bars and
// buttons drawn by the project itself (sharp rendering an SVG of rectangles, no fonts), each
// one different from the others so that content-addressed media never collapse two steps
// into one by accident. `seed` picks the colours and layout.
import sharp from "sharp";

export type Rect = { x: number; y: number; w: number; h: number; fill: string };

const PALETTE = ["#1d4ed8", "#0f766e", "#b45309", "#7c3aed", "#be123c", "#15803d", "#0369a1", "#a16207", "#4338ca", "#9d174d"];

export function screenRects(width: number, height: number, seed: number): Rect[] {
  const color = (i: number) => PALETTE[(seed * 7 + i * 3) % PALETTE.length]!;
  const bar = Math.max(8, Math.round(height * 0.06));
  const rects: Rect[] = [{ x: 0, y: 0, w: width, h: bar, fill: color(0) }];
  const rows = 5 + (seed % 4);
  for (let i = 0; i < rows; i++) {
    const y = bar + Math.round(((height - bar) * (i + 0.2)) / rows);
    const w = Math.round(width * (0.3 + ((seed + i) % 5) * 0.12));
    rects.push({ x: Math.round(width * 0.05), y, w, h: Math.max(6, Math.round((height - bar) / rows / 2)), fill: color(i + 1) });
  }
  return rects;
}

export async function renderScreen(width: number, height: number, seed: number, extra: Rect[] = []): Promise<Buffer> {
  const rects = [...screenRects(width, height, seed), ...extra]
    .map((r) => `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="${r.fill}"/>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f8fafc"/>${rects}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** The same screen with numbered-label boxes drawn over it, as WebVoyager's set-of-marks does. */
export async function renderLabelled(width: number, height: number, seed: number): Promise<Buffer> {
  const marks = screenRects(width, height, seed).slice(1).map((r) => ({ x: r.x - 2, y: r.y - 2, w: 14, h: 10, fill: "#ef4444" }));
  return renderScreen(width, height, seed, marks);
}
