import "server-only";
// List thumbnails: rendered once with sharp from the stored original and kept in the store
// beside it (derived, content-addressed), so lists never ship full screenshots.
import sharp from "sharp";
import { thumbnailKey, type MediaStore } from "@/lib/media/store";

export const THUMBNAIL_WIDTH = 320;

export async function thumbnailBytes(store: MediaStore, media: { sha256: string; storageKey: string }): Promise<Buffer> {
  const key = thumbnailKey(media.sha256, THUMBNAIL_WIDTH);
  if (await store.has(key)) return store.read(key);
  const original = await store.read(media.storageKey);
  const thumb = await sharp(original)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  await store.put(key, thumb);
  return thumb;
}
