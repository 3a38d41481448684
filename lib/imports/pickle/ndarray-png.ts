import "server-only";
// Screenshots that a trajectory stores as numpy arrays (H x W x 3 or 4 uint8, as
// numpy.asarray(PIL.Image) makes them, RGB(A)) become PNGs, so the rest of the import treats
// them like any screenshot file. Grey images (H x W, or H x W x 1) are read too. Anything else
// is refused with its shape and dtype: a float array or a batch of frames is not one image.
import sharp from "sharp";
import type { PickleNdarray } from "@/lib/imports/pickle/pickle-values";
import { SourceRefusedError } from "@/lib/imports/sources/source-errors";

export function isImageArray(array: PickleNdarray): boolean {
  return imageShape(array) !== null;
}

export async function ndarrayToPng(subject: string, array: PickleNdarray): Promise<Buffer> {
  const shape = imageShape(array);
  if (!shape) {
    throw new SourceRefusedError(
      subject,
      `holds an array of shape (${array.shape.join(", ")}) of ${array.dtype}, which is not an image (height x width x 3 or 4 of uint8)`,
    );
  }
  const { height, width, channels } = shape;
  const pixels = array.order === "C" ? array.data : toRowMajor(array.data, height, width, channels);
  return sharp(pixels, { raw: { width, height, channels } }).png().toBuffer();
}

function imageShape(array: PickleNdarray): { height: number; width: number; channels: 1 | 3 | 4 } | null {
  if (array.dtype !== "uint8") return null;
  const [height = 0, width = 0, channels = 1] = array.shape;
  const isImage = (array.shape.length === 2 || array.shape.length === 3) && height > 0 && width > 0;
  if (!isImage || (channels !== 1 && channels !== 3 && channels !== 4)) return null;
  return { height, width, channels };
}

/** Fortran order (first index fastest) to the row-major pixels sharp reads. */
function toRowMajor(data: Uint8Array, height: number, width: number, channels: number): Buffer {
  const out = Buffer.allocUnsafe(data.length);
  for (let c = 0; c < channels; c++) {
    for (let x = 0; x < width; x++) {
      for (let y = 0; y < height; y++) out[(y * width + x) * channels + c] = data[y + height * (x + width * c)]!;
    }
  }
  return out;
}
