import "server-only";
import { env } from "@/lib/env";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createS3MediaStore } from "@/lib/media/s3-store";
import type { MediaStore } from "@/lib/media/store";
import { s3Client } from "@/lib/storage/s3-client";

const globalForMedia = globalThis as unknown as { verityMediaStore?: MediaStore };

// The configured store: the local media directory, or a bucket when VERITY_MEDIA_STORE=s3.
export function mediaStore(): MediaStore {
  globalForMedia.verityMediaStore ??= createConfiguredStore();
  return globalForMedia.verityMediaStore;
}

function createConfiguredStore(): MediaStore {
  const e = env();
  if (e.mediaS3) return createS3MediaStore({ client: s3Client(), ...e.mediaS3 });
  return createLocalMediaStore(e.mediaDir);
}
