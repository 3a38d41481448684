import "server-only";
// Media on the local disk. Writes go to a temp file in the same directory and are renamed
// into place, so a crash or a full disk never leaves a half file under a real key.
import { createReadStream } from "node:fs";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
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
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOSPC" || code === "EDQUOT") {
          throw new AppError("unavailable", "The media disk is full: nothing was written.");
        }
        throw error;
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
      return readFile(resolve(key));
    },
    async stream(key): Promise<Readable> {
      return createReadStream(resolve(key));
    },
  };
}
