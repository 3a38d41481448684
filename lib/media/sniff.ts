// Uploads are trusted by their bytes, never by their name or declared type: only PNG, JPEG
// and WebP pass (no SVG, no HTML that a browser could run).
export type ImageMime = "image/png" | "image/jpeg" | "image/webp";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0): boolean {
  return prefix.every((b, i) => bytes[offset + i] === b);
}

export function sniffImageMime(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  const riff = [0x52, 0x49, 0x46, 0x46];
  const webp = [0x57, 0x45, 0x42, 0x50];
  if (startsWith(bytes, riff) && startsWith(bytes, webp, 8)) return "image/webp";
  return null;
}
