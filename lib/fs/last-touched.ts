// When a directory was last used: the newest modification time of it and of what is directly
// in it (an upload writes files into its staging dir; a preview reads them and touches none,
// so a preview's use is its files' writes). For sweeps by age.
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

/** The newest modification time of `dir` and what is directly in it (ms), or null if it is gone. */
export async function lastTouched(dir: string): Promise<number | null> {
  const own = await lstat(dir).catch(() => null);
  if (!own) return null;
  let newest = own.mtimeMs;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const child = await lstat(path.join(dir, name)).catch(() => null);
    if (child) newest = Math.max(newest, child.mtimeMs);
  }
  return newest;
}

