// Paths compared as the kernel resolves them: the real path (every symlink followed) of a
// path, or, for a path not there yet, of its nearest existing ancestor with the rest appended.
// A check made on the path as written is fooled by a symlinked parent; this one is not.
import { realpath } from "node:fs/promises";
import path from "node:path";

export type RealPath = { real: string; exists: boolean };

export async function nearestRealPath(p: string): Promise<RealPath> {
  const absolute = path.resolve(p);
  const rest: string[] = [];
  for (let current = absolute; ; current = path.dirname(current)) {
    try {
      const real = await realpath(current);
      return { real: rest.length ? path.join(real, ...rest.reverse()) : real, exists: rest.length === 0 };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      if (path.dirname(current) === current) return { real: absolute, exists: false };
      rest.push(path.basename(current));
    }
  }
}

/** True when `candidate` is `root` or below it (both absolute, already real). */
export function isInside(root: string, candidate: string): boolean {
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate === root || candidate.startsWith(prefix);
}

/** The real paths of `roots` (roots not there yet: their nearest existing ancestor's). */
export async function realRoots(roots: readonly string[]): Promise<string[]> {
  return Promise.all(roots.map(async (root) => (await nearestRealPath(root)).real));
}
