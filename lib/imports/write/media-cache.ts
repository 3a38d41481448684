import "server-only";
// Resolves a record's image reference to a Media row, ingesting the bytes the first time.
// Records often share screenshots (every step of a trajectory, several instructions on one
// screen), so results are kept in a bounded LRU: memory stays flat on million-record imports.
import type { Db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import type { ImageSize } from "@/lib/domain/coordinates";
import { ingestImage } from "@/lib/media/ingest";
import type { MediaStore } from "@/lib/media/store";

export type Located = { path: string } | { missing: string; isAmbiguous?: boolean };

export type ImageFiles = {
  /** Finds the file a source's image reference names, or says why it cannot. */
  locate(ref: string): Promise<Located>;
  /** The stricter lookup of a later completion: only a file whose path is a tail of the
   * reference, or the reference a tail of it (image-files.ts). */
  locateByTail?(ref: string): Promise<Located>;
  read(path: string): Promise<Buffer>;
};

export type MediaLookup =
  | { found: true; mediaId: string; size: ImageSize; isNew: boolean }
  | { found: false; reason: string; refused: boolean };

const CACHE_LIMIT = 20_000;

export function createMediaCache(db: Db, store: MediaStore, projectId: string, files: ImageFiles | null) {
  const cache = new Map<string, Promise<MediaLookup>>();

  async function load(ref: string, files: ImageFiles): Promise<MediaLookup> {
    const located = await files.locate(ref);
    if ("missing" in located) return { found: false, reason: located.missing, refused: false };
    try {
      const media = await ingestImage(db, store, projectId, await files.read(located.path), located.path);
      return { found: true, mediaId: media.id, size: { width: media.width, height: media.height }, isNew: media.isNew };
    } catch (error) {
      if (isAppError(error)) return { found: false, reason: error.message, refused: true };
      throw error;
    }
  }

  return {
    /** Bytes a record carries itself (InlineImage): ingested like a file's, keyed by content. */
    async ingest(bytes: Buffer, name: string): Promise<MediaLookup> {
      try {
        const media = await ingestImage(db, store, projectId, bytes, name);
        return { found: true, mediaId: media.id, size: { width: media.width, height: media.height }, isNew: media.isNew };
      } catch (error) {
        if (isAppError(error)) return { found: false, reason: error.message, refused: true };
        throw error;
      }
    },
    async lookup(ref: string): Promise<MediaLookup> {
      // Nothing to look in: the answer needs no cache (a million such references would only churn it).
      if (!files) return { found: false, reason: `image ${ref} not provided`, refused: false };
      const hit = cache.get(ref);
      if (hit) {
        cache.delete(ref);
        cache.set(ref, hit);
        const cached = await hit;
        return cached.found ? { ...cached, isNew: false } : cached;
      }
      const pending = load(ref, files);
      cache.set(ref, pending);
      // A failure of the database or the store is not an answer: a retry must ask again.
      pending.catch(() => {
        if (cache.get(ref) === pending) cache.delete(ref);
      });
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      return pending;
    },
  };
}

export type MediaCache = ReturnType<typeof createMediaCache>;
