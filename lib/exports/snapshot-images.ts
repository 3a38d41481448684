import "server-only";
// The screenshots of a snapshot, as the pool's image mode says:
//   copy      each image is written once into the snapshot, content-addressed, as
//             images/<sha256>.<ext>, and rows name that path (the README hands the snapshot
//             directory to the framework as its image directory);
//   absolute  the same copies, rows name their absolute path in the snapshot as it will be
//             once committed (<pool>/snapshots/<id>/images/...), so a trainer opens them from
//             any working directory;
//   embed     nothing is copied; rows carry the bytes (bytesOf), read from the media store.
// Every snapshot holds every image its rows name (a snapshot is a complete pool). An image the
// base snapshot already holds is carried over (`reuse`: hard-linked locally, copied inside
// the bucket on S3) instead of read from the media store again: the bytes are the same, the
// name is their sha256.
// Memory: one entry per distinct image (not per row).
import path from "node:path";
import { AppError, isAppError } from "@/lib/errors";
import { saidError } from "@/lib/errors/said-error";
import type { ImageSource } from "@/lib/exports/profiles/profile-types";
import type { RowImage } from "@/lib/exports/rows/training-row";
import type { StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";
import type { MediaStore } from "@/lib/media/store";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { ImageMode } from "@/lib/pools/pool-definition";

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

export type SnapshotImages = ImageSource & {
  count(): number;
  files(): AsyncGenerator<StreamedSnapshotFile>;
};

export type ImageBase = { snapshotId: string; files: ReadonlyMap<string, { sha256: string; bytes: number }> };

export const imageFileName = (image: Pick<RowImage, "sha256" | "mime">) => `images/${image.sha256}.${EXTENSIONS[image.mime] ?? "bin"}`;

export function snapshotImages(options: { mode: ImageMode; store: MediaStore; absoluteDir: string | null; base: ImageBase | null }): SnapshotImages {
  const { mode, store, absoluteDir, base } = options;
  if (mode === "absolute" && !absoluteDir) throw saidError("invalid_input", "checks.absolutePathsNeedLocal");
  const copies = new Map<string, string>(); // snapshot path -> media-store key
  // The path rows name, by image (sha256 and mime): asked once per row, joined once per image.
  const paths = new Map<string, string>();
  return {
    mode,
    pathOf(image) {
      const id = `${image.sha256}\0${image.mime}`;
      const known = paths.get(id);
      if (known !== undefined) return known;
      const name = imageFileName(image);
      if (!copies.has(name)) copies.set(name, image.storageKey);
      const named = mode === "absolute" ? path.join(absoluteDir!, ...name.split("/")) : name;
      paths.set(id, named);
      return named;
    },
    bytesOf: (image) => readImage(store, imageFileName(image), image.storageKey),
    count: () => copies.size,
    async *files() {
      for (const [name, key] of copies) {
        const inBase = base?.files.get(name);
        yield { name, content: imageBytes(store, name, key), independent: true, ...(inBase ? { reuse: { snapshotId: base!.snapshotId, sha256: inBase.sha256, bytes: inBase.bytes } } : {}) };
      }
    },
  };
}

function unavailable(name: string, error: unknown): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  const missing = code === "ENOENT" || (isAppError(error) && error.code === "not_found");
  return saidError("unavailable", missing ? "checks.imageMissingFromStore" : "checks.imageStoreUnreadable", { name });
}

async function readImage(store: MediaStore, name: string, key: string): Promise<Buffer> {
  try {
    return await store.read(key);
  } catch (error) {
    throw unavailable(name, error);
  }
}

// Streamed from the store: an image is never read whole into memory here. A missing or
// unreadable image fails the export with a message that names it, not a server path.
async function* imageBytes(store: MediaStore, name: string, key: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of await store.stream(key)) yield chunk as Buffer;
  } catch (error) {
    throw unavailable(name, error);
  }
}

export const IMAGE_PATHS_NOTE: Record<ImageMode, string> = {
  copy: "relative to the snapshot directory (images/<sha256>.<ext>)",
  absolute:
    "absolute paths of the snapshot's images/<sha256>.<ext> in the directory it was written to (imageRoot): a copied or moved snapshot still names, and reads, those original files; check with `verity pool verify <snapshot-dir>`",
  embed: "the image bytes inside the rows",
};
