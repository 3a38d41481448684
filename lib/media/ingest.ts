import "server-only";
// Turns image bytes into a Media row of a project: checked by content, measured, stored once
// by sha256. Ingesting the same bytes again returns the existing row.
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { sniffImageMime, type ImageMime } from "@/lib/media/sniff";
import { mediaKey, type MediaStore } from "@/lib/media/store";

const EXTENSIONS: Record<ImageMime, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

export type IngestedMedia = { id: string; sha256: string; width: number; height: number; mime: string; isNew: boolean };

export async function ingestImage(
  db: Db,
  store: MediaStore,
  projectId: string,
  bytes: Buffer,
  sourceName = "upload",
): Promise<IngestedMedia> {
  const mime = sniffImageMime(bytes);
  if (!mime) {
    throw saidError("unsupported_media", "checks.notAnImage", { name: sourceName });
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const existing = await db.media.findUnique({ where: { projectId_sha256: { projectId, sha256 } } });
  if (existing) return { ...existing, isNew: false };

  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes).metadata());
  } catch {
    throw saidError("unsupported_media", "checks.imageCorrupt", { name: sourceName });
  }
  if (!width || !height) throw saidError("unsupported_media", "checks.imageNoSize", { name: sourceName });

  const storageKey = mediaKey(sha256, EXTENSIONS[mime]);
  if (!(await store.has(storageKey))) await store.put(storageKey, bytes);
  // upsert: two imports of the same screenshot at once must both end with the one row.
  const row = await db.media.upsert({
    where: { projectId_sha256: { projectId, sha256 } },
    create: { projectId, sha256, mime, width, height, byteSize: bytes.length, storageKey },
    update: {},
  });
  return { ...row, isNew: true };
}
