// Text widths for the canvas chips, measured once per text with the font Konva draws them in
// (a 2D context of a canvas that is never attached), so the layout knows each chip's size
// before Konva draws it. Browser only: the editor is loaded without server rendering.
import { CHIP_FONT_FAMILY, CHIP_FONT_SIZE } from "@/components/editor/canvas-chips";

let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

export function measureChipText(text: string): number {
  const known = widths.get(text);
  if (known !== undefined) return known;
  if (context === undefined) context = document.createElement("canvas").getContext("2d");
  // No 2D context (a very old or locked-down browser): a wide guess, so chips still keep apart.
  if (!context) return text.length * CHIP_FONT_SIZE * 0.7;
  context.font = `${CHIP_FONT_SIZE}px ${CHIP_FONT_FAMILY}`;
  const width = context.measureText(text).width;
  widths.set(text, width);
  return width;
}
