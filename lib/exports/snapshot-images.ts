import "server-only";
// The screenshots of a snapshot, as the pool's imageMode says:
//   copy       each image is written once into the snapshot, content-addressed, as
//              images/<sha256>.<ext>, and rows name that path;
//   reference  nothing is copied; rows name the image's media-store key (relative to the
//              store's root: the local media directory or the media bucket).
// Rows register their images while they are written; the image files follow the data files.
// Memory: one entry per distinct image (not per row).
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
      for (const [name, key] of copies) {
        // Streamed from the store: an image is never read whole into memory here.
        yield { name, content: (async function* () { yield* await store.stream(key); })() };
      }
    },
  };
}

export const IMAGE_PATHS_NOTE: Record<ImageMode, string> = {
  copy: "relative to the snapshot directory (images/<sha256>.<ext>)",
  reference: "keys in the Verity media store, relative to its root",
};
