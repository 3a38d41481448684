import "server-only";
// The screenshots of a snapshot, as the pool's imageMode says:
//   copy       each image is written once into the snapshot, content-addressed, as
//              images/<sha256>.<ext>, and rows name that path;
//   reference  nothing is copied; rows name the image's media-store key (relative to the
//              store's root: the local media directory or the media bucket).
// Rows register their images while they are written; the image files follow the data files.
// Memory: one entry per distinct image (not per row).
import { AppError, isAppError } from "@/lib/errors";
import type { StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";
import type { MediaStore } from "@/lib/media/store";

export type ImageMode = "copy" | "reference";
export type ExportMedia = { sha256: string; mime: string; storageKey: string };

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

export type SnapshotImages = {
  mode: ImageMode;
  /** The path a row names for this image; in copy mode it also schedules the copy. */
  pathOf(media: ExportMedia): string;
  count(): number;
  files(): AsyncGenerator<StreamedSnapshotFile>;
};

export function snapshotImages(mode: ImageMode, store: MediaStore): SnapshotImages {
  const copies = new Map<string, string>(); // snapshot path -> media-store key
  return {
    mode,
    pathOf(media) {
      if (mode === "reference") return media.storageKey;
      const name = `images/${media.sha256}.${EXTENSIONS[media.mime] ?? "bin"}`;
      if (!copies.has(name)) copies.set(name, media.storageKey);
      return name;
    },
    count: () => copies.size,
    async *files() {
      for (const [name, key] of copies) yield { name, content: imageBytes(store, name, key) };
    },
  };
}

// Streamed from the store: an image is never read whole into memory here. A missing or
// unreadable image fails the export with a message that names it, not a server path.
async function* imageBytes(store: MediaStore, name: string, key: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of await store.stream(key)) yield chunk as Buffer;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" || (isAppError(error) && error.code === "not_found") ? "it is missing from the media store" : "the media store could not be read";
    throw new AppError("unavailable", `Could not copy ${name} into the snapshot: ${why}. Nothing was published.`);
  }
}

export const IMAGE_PATHS_NOTE: Record<ImageMode, string> = {
  copy: "relative to the snapshot directory (images/<sha256>.<ext>)",
  reference: "keys in the Verity media store, relative to its root",
};
