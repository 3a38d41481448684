import "server-only";
// The screenshot as the model is to see it, as a data: URL. The coordinates a model answers in
// depend on the image it saw (lib/models/templates/model-space.ts reads them back), so the
// resize happens here and nowhere else:
// - qwen25-abs (Qwen2.5-VL, UI-TARS-1.5): resized to the connection's smart-resize size, so the
//   server's own smart_resize of it is the identity and its absolute pixels are on this image;
// - rel1000 / norm1: relative, so any scale answers the same point; downscaled only to fit the
//   connection's max pixels (a server with a smaller limit would refuse or resize anyway).
// Sent as PNG or JPEG (the bytes as stored when nothing changes): every server takes both.
import sharp from "sharp";
import type { ConventionId } from "@/lib/exports/conventions/coordinate-conventions";
import { QWEN25_FACTOR, QWEN25_MAX_PIXELS, QWEN25_MIN_PIXELS, smartResize } from "@/lib/exports/conventions/smart-resize";
import { sniffImageMime } from "@/lib/media/sniff";

export type ImageLimits = { convention: ConventionId; minPixels: number | null; maxPixels: number | null };
export type ModelImage = { dataUrl: string; width: number; height: number; bytes: number };

/** The size the model is sent, for an image of width x height. */
export function modelImageSize(width: number, height: number, limits: ImageLimits): { width: number; height: number } {
  if (limits.convention === "qwen25-abs") {
    return smartResize(width, height, { factor: QWEN25_FACTOR, minPixels: limits.minPixels ?? QWEN25_MIN_PIXELS, maxPixels: limits.maxPixels ?? QWEN25_MAX_PIXELS });
  }
  if (limits.maxPixels !== null && width * height > limits.maxPixels) {
    const scale = Math.sqrt(limits.maxPixels / (width * height));
    return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
  }
  return { width, height };
}

/** `bytes` (a stored screenshot of width x height) prepared for a model under `limits`. */
export async function modelImage(bytes: Buffer, size: { width: number; height: number }, limits: ImageLimits): Promise<ModelImage> {
  const target = modelImageSize(size.width, size.height, limits);
  const mime = sniffImageMime(bytes);
  const unchanged = target.width === size.width && target.height === size.height;
  if (unchanged && (mime === "image/png" || mime === "image/jpeg")) {
    return { dataUrl: `data:${mime};base64,${bytes.toString("base64")}`, ...target, bytes: bytes.length };
  }
  // fit "fill": the exact size asked for (smart resize changes the aspect by a few pixels).
  const png = await sharp(bytes).resize({ width: target.width, height: target.height, fit: "fill" }).png().toBuffer();
  return { dataUrl: `data:image/png;base64,${png.toString("base64")}`, ...target, bytes: png.length };
}
