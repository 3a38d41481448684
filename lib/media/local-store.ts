import "server-only";
// Media on the local disk. Writes go to a temp file in the same directory and are linked
// into place, so a crash or a full disk never leaves a half file under a real key.
import { access, link, mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
import { saidError } from "@/lib/errors/said-error";
import type { MediaStore } from "@/lib/media/store";

const SAFE_KEY = /^[a-z0-9]+(\/[a-z0-9]+)*(\.[a-z0-9]+)*$/;

export function createLocalMediaStore(root: string): MediaStore {
  const resolve = (key: string): string => {
    // Keys are built by mediaKey/thumbnailKey; anything else is refused before the disk.
    if (!SAFE_KEY.test(key)) throw new AppError("invalid_input", `invalid media key: ${key}`);
    return path.join(root, key);
  };

  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temp, bytes, { flag: "wx" });
        // link, not rename: an existing key keeps its bytes (content addresses never change).
        // A file system without hard links gets the rename, which replaces same-content bytes.
        await link(temp, file).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code === "EEXIST") return;
          if (error.code === "EPERM" || error.code === "ENOTSUP" || error.code === "EOPNOTSUPP") return rename(temp, file);
          throw error;
        });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOSPC" || code === "EDQUOT") {
          throw saidError("unavailable", "checks.mediaDiskFull");
        }
        throw error;
      } finally {
        await rm(temp, { force: true });
      }
    },
    async has(key) {
      try {
        await access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async read(key) {
      return readFile(resolve(key)).catch((error) => rethrowMissing(error, key));
    },
    async stream(key): Promise<Readable> {
      // Opened here, not lazily by the stream, so a missing file is an error of this call.
      const handle = await open(resolve(key), "r").catch((error) => rethrowMissing(error, key));
      return handle.createReadStream();
    },
  };
}

function rethrowMissing(error: unknown, key: string): never {
  if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new AppError("not_found", `media ${key} is not in the media directory`, { key });
  throw error;
}
