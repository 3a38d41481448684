import "server-only";
// A directory on disk (an unpacked upload or a server-side path) served as a FileSource. The
// listing is taken once at open (directory-walk.ts); `read` re-checks each path at read time,
// because the tree can change after listing: the path must still resolve, through any
// symlinks, inside the root's real path, and must still be a regular file under the per-file
// limit. Reads never go past the size seen when the file was opened.
import { constants } from "node:fs";
import { open, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import { isInsideRoot, walkDirectory } from "@/lib/imports/sources/directory-walk";
import type { FileSource, OpenedSource } from "@/lib/imports/sources/file-source";
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from "@/lib/imports/sources/limits";
import {
  SourceEntryNotFoundError,
  SourceLimitError,
  SourceRefusedError,
} from "@/lib/imports/sources/source-errors";
import { checkSourcePath } from "@/lib/imports/sources/source-path";

export async function openDirectorySource(
  root: string,
  limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
): Promise<OpenedSource> {
  const label = path.basename(root) || root;
  const rootReal = await realpath(root);
  if (!(await stat(rootReal)).isDirectory()) throw new SourceRefusedError(label, "is not a directory");
  const { files, rejected } = await walkDirectory(rootReal, label, limits);
  const refusedPaths = new Map(rejected.map((item) => [item.path, item.reason]));
  let isClosed = false;

  const source: FileSource = {
    kind: "directory",
    async *list() {
      for (const [filePath, size] of files) yield { path: filePath, size };
    },
    async has(requested) {
      const checked = checkSourcePath(requested);
      return "path" in checked && files.has(checked.path);
    },
    async read(requested) {
      if (isClosed) throw new Error(`${label}: source is closed`);
      const checked = checkSourcePath(requested);
      if ("refused" in checked) throw new SourceRefusedError(requested, checked.refused);
      if (!files.has(checked.path)) {
        const refusal = refusedPaths.get(checked.path);
        if (refusal !== undefined) throw new SourceRefusedError(checked.path, refusal);
        throw new SourceEntryNotFoundError(checked.path, label);
      }
      const real = await realpath(path.join(rootReal, checked.path));
      if (!isInsideRoot(rootReal, real)) {
        throw new SourceRefusedError(checked.path, "resolves outside the import root");
      }
      return readRegularFile(real, checked.path, limits.maxEntryBytes);
    },
    async close() {
      isClosed = true;
    },
  };
  return { source, rejected };
}

async function readRegularFile(real: string, label: string, maxBytes: number): Promise<Buffer> {
  // O_NOFOLLOW: if the last component was swapped for a link since realpath, refuse to open it.
  const handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new SourceRefusedError(label, "is no longer a regular file");
    if (stats.size > maxBytes) {
      const reason = `is ${describeBytes(stats.size)}, over the ${describeBytes(maxBytes)} per-file limit`;
      throw new SourceLimitError(label, reason);
    }
    // Read exactly the size seen at open: a file growing under us cannot grow this buffer.
    const buffer = Buffer.alloc(stats.size);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}
