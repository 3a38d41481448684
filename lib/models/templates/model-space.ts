// From a model's coordinates to the screenshot's pixels. The conversion itself is the pools'
// (fromConvention); what is added is the space for qwen25-abs under the connection's own
// min/max pixels: conventionSpace always uses qwen-vl-utils' defaults, but a server started
// with other limits (UI-TARS' min_pixels 100*28*28, a smaller max_pixels to save memory) shows
// the model another resized image, and its pixels must be read on that one.
// Pure.
import { conventionSpace, fromConvention, type ConventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { QWEN25_FACTOR, QWEN25_MAX_PIXELS, QWEN25_MIN_PIXELS, smartResize } from "@/lib/exports/conventions/smart-resize";
import type { ParseContext, ParsedReply, PixelBox } from "@/lib/models/templates/parsed-reply";

/** The convention space of the image the model saw. Throws AspectRatioError as smartResize does. */
export function modelSpace(ctx: ParseContext): ConventionSpace {
  if (ctx.convention !== "qwen25-abs") return conventionSpace(ctx.convention, ctx.image);
  const resized = smartResize(ctx.image.width, ctx.image.height, {
    factor: QWEN25_FACTOR,
    minPixels: ctx.minPixels ?? QWEN25_MIN_PIXELS,
    maxPixels: ctx.maxPixels ?? QWEN25_MAX_PIXELS,
  });
  return { convention: "qwen25-abs", image: ctx.image, resized, extent: resized, rounding: "half-up" };
}

// Bounds inclusive, as boxInsideImage: a point on the right edge is on the image.
const inside = (x: number, y: number, space: ConventionSpace) => x >= 0 && y >= 0 && x <= space.image.width && y <= space.image.height;

const shown = (values: readonly number[]) => `[${values.join(",")}]`;

/** A point in the model's convention as a point on the screenshot, or outside_image. */
export function imagePoint(values: readonly [number, number], ctx: ParseContext, raw: string): ParsedReply {
  const space = modelSpace(ctx);
  const x = fromConvention(values[0], "x", space);
  const y = fromConvention(values[1], "y", space);
  if (inside(x, y, space)) return { kind: "point", x, y, raw };
  return { kind: "outside_image", x, y, box: null, raw, problem: `${shown(values)} in ${ctx.convention} is (${x}, ${y}), outside the ${ctx.image.width}x${ctx.image.height} screenshot` };
}

/** A box in the model's convention on the screenshot, or outside_image; inverted boxes are wrong_format. */
export function imageBox(values: readonly [number, number, number, number], ctx: ParseContext, raw: string): ParsedReply {
  if (values[2] < values[0] || values[3] < values[1]) return { kind: "wrong_format", problem: `expected a box [x1,y1,x2,y2] with x1<=x2 and y1<=y2; found ${shown(values)}`, raw };
  const space = modelSpace(ctx);
  const box: PixelBox = [fromConvention(values[0], "x", space), fromConvention(values[1], "y", space), fromConvention(values[2], "x", space), fromConvention(values[3], "y", space)];
  if (inside(box[0], box[1], space) && inside(box[2], box[3], space)) return { kind: "box", box, raw };
  return { kind: "outside_image", x: (box[0] + box[2]) / 2, y: (box[1] + box[3]) / 2, box, raw, problem: `${shown(values)} in ${ctx.convention} is (${box.join(", ")}), not inside the ${ctx.image.width}x${ctx.image.height} screenshot` };
}
