import "server-only";
import { env } from "@/lib/env";
import { createLocalMediaStore } from "@/lib/media/local-store";
import type { MediaStore } from "@/lib/media/store";

const globalForMedia = globalThis as unknown as { verityMediaStore?: MediaStore };

// The configured store. Only the local directory exists so far; the S3 store plugs in here.
export function mediaStore(): MediaStore {
  globalForMedia.verityMediaStore ??= createLocalMediaStore(env().mediaDir);
  return globalForMedia.verityMediaStore;
}
