import "server-only";
// How records' image references become files of the import (or of a separate images folder).
// At import time a reference is resolved as image-resolver.ts does: the exact path (from the
// records file's own folder first), else the one file sharing the longest tail with it.
// Completing records later, from images imported alone, is stricter, because that folder is
// not the one the records came with: an image completes a reference only when one path is a
// tail of the other (`a/shot.png` completes `run/a/shot.png`, never `b/shot.png`), and a tie
// is refused and named. A wrong screenshot under a verified label is worse than a missing one.
import { createImageResolver } from "@/lib/imports/sources/image-resolver";
import type { FileSource } from "@/lib/imports/sources/file-source";
import type { ImageFiles } from "@/lib/imports/write/media-cache";

export function referenceSegments(ref: string): string[] {
  return ref
    .trim()
    .replace(/\\/g, "/")
    .replace(/^[A-Za-z]:(?=\/)/, "")
    .split("/")
    .filter((s) => s !== "" && s !== "." && s !== "..");
}

/** True when the shorter path's segments are exactly the longer one's last segments. */
export function isTailOf(a: string, b: string): boolean {
  const x = referenceSegments(a);
  const y = referenceSegments(b);
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length === 0) return false;
  const offset = long.length - short.length;
  return short.every((segment, i) => segment === long[offset + i]);
}

/** Images looked up by the records' references in `source` (the import root, or a separate
 * images directory given with --images); `baseDir` is the records' folder inside it. */
export function filesOf(source: FileSource, baseDir: string | null = null): ImageFiles {
  const resolver = createImageResolver(source);
  return {
    async locate(ref) {
      const found = await resolver.resolve(ref, { baseDir });
      if ("path" in found) return { path: found.path };
      return { missing: `image ${ref}: ${found.missing}`, isAmbiguous: found.missing.startsWith("ambiguous") };
    },
    async locateByTail(ref) {
      const found = await resolver.resolve(ref);
      if (!("path" in found)) return { missing: `image ${ref}: ${found.missing}`, isAmbiguous: found.missing.startsWith("ambiguous") };
      if (!isTailOf(found.path, ref)) {
        return { missing: `image ${ref}: the only file of that name here is ${found.path}, in another folder`, isAmbiguous: false };
      }
      return { path: found.path };
    },
    read: (p) => source.read(p),
  };
}
