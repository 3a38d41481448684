import "server-only";
// Lists the regular files under a directory once, when the source is opened. A symbolic
// link to a file is followed only while its real path stays inside the root's real path; one
// that leaves it or dangles is skipped and reported, as are sockets, FIFOs and devices
// (reading a FIFO would hang the import). Links to directories are never followed: a target
// inside the root is already listed under its real path (following would list its files
// twice and make their basenames ambiguous, or loop), and a target outside is refused. The
// walk stops and refuses the whole directory as soon as it passes the file-count or
// total-size limit, so a runaway tree costs at most the limit, not the tree.
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import type { RejectedPath } from "@/lib/imports/sources/file-source";
import type { SourceLimits } from "@/lib/imports/sources/limits";
import { SourceLimitError } from "@/lib/imports/sources/source-errors";

/** Directory entries classified at once: stat calls overlap without unbounded fan-out. */
const STAT_BATCH = 64;

export type DirectoryListing = { files: Map<string, number>; rejected: RejectedPath[] };

type Classified =
  | { kind: "file"; path: string; size: number }
  | { kind: "directory"; path: string }
  | { kind: "refused"; path: string; reason: string };

/** True when `candidate` (a real path) is `rootReal` or below it. */
export function isInsideRoot(rootReal: string, candidate: string): boolean {
  const prefix = rootReal.endsWith(path.sep) ? rootReal : rootReal + path.sep;
  return candidate === rootReal || candidate.startsWith(prefix);
}

export async function walkDirectory(rootReal: string, label: string, limits: SourceLimits): Promise<DirectoryListing> {
  const files = new Map<string, number>();
  const rejected: RejectedPath[] = [];
  const pending: string[] = [""];
  let totalBytes = 0;

  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const names = await listNames(rootReal, dir);
    if (names === null) {
      rejected.push({ path: dir, reason: "directory cannot be read" });
      continue;
    }
    const subdirs: string[] = [];
    for (let start = 0; start < names.length; start += STAT_BATCH) {
      const batch = names.slice(start, start + STAT_BATCH);
      const classified = await Promise.all(
        batch.map((name) => classify(rootReal, dir === "" ? name : `${dir}/${name}`, name)),
      );
      for (const item of classified) {
        if (item.kind === "refused") {
          rejected.push({ path: item.path, reason: item.reason });
        } else if (item.kind === "directory") {
          subdirs.push(item.path);
        } else if (item.size > limits.maxEntryBytes) {
          const [size, limit] = [item.size, limits.maxEntryBytes].map(describeBytes);
          rejected.push({ path: item.path, reason: `is ${size}, over the ${limit} per-file limit` });
        } else {
          files.set(item.path, item.size);
          totalBytes += item.size;
          if (files.size > limits.maxEntries) {
            const max = limits.maxEntries.toLocaleString("en-US");
            throw new SourceLimitError(label, `holds more than the ${max} files allowed`);
          }
          if (totalBytes > limits.maxTotalBytes) {
            const max = describeBytes(limits.maxTotalBytes);
            throw new SourceLimitError(label, `holds more than the ${max} allowed`);
          }
        }
      }
    }
    // Reversed onto the stack so directories are walked in name order (a loop, not a spread:
    // a directory may hold more subdirectories than a call has room for arguments).
    for (let i = subdirs.length - 1; i >= 0; i -= 1) pending.push(subdirs[i]!);
  }
  return { files, rejected };
}

/** Sorted names in one directory; null for an unreadable subdirectory (the root must be readable). */
async function listNames(rootReal: string, dir: string): Promise<string[] | null> {
  const names = dir === "" ? readdir(rootReal) : readdir(path.join(rootReal, dir)).catch(() => null);
  return (await names)?.sort() ?? null;
}

async function classify(rootReal: string, relative: string, name: string): Promise<Classified> {
  if (name.includes("\\")) return { kind: "refused", path: relative, reason: "name contains a backslash" };
  const full = path.join(rootReal, relative);
  // lstat, not the dirent type: some filesystems report "unknown", and stat would follow a link unchecked.
  const stats = await lstat(full).catch(() => null);
  if (stats === null) return { kind: "refused", path: relative, reason: "disappeared while listing" };
  if (stats.isSymbolicLink()) {
    const target = await realpath(full).catch(() => null);
    if (target === null) return { kind: "refused", path: relative, reason: "broken symbolic link" };
    if (!isInsideRoot(rootReal, target)) {
      return { kind: "refused", path: relative, reason: "symbolic link resolves outside the import root" };
    }
    const targetStats = await stat(target).catch(() => null);
    if (targetStats?.isDirectory()) {
      const reason = "symbolic link to a directory (its files are listed under their real path)";
      return { kind: "refused", path: relative, reason };
    }
    if (!targetStats?.isFile()) {
      return { kind: "refused", path: relative, reason: "symbolic link to something that is not a regular file" };
    }
    return { kind: "file", path: relative, size: targetStats.size };
  }
  if (stats.isDirectory()) return { kind: "directory", path: relative };
  if (!stats.isFile()) return { kind: "refused", path: relative, reason: "not a regular file" };
  return { kind: "file", path: relative, size: stats.size };
}

