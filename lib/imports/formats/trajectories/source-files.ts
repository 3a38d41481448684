import "server-only";
// File-system helpers shared by the trajectory-directory parsers. Record locations and image
// references are POSIX paths relative to the import root, whatever the host OS, so that the
// same upload yields the same references (and content hashes) everywhere.
import { promises as fs } from "node:fs";
import path from "node:path";

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

/** `abs` relative to `root`, POSIX-style; "" when they are the same directory. */
export function relativeToRoot(root: string, abs: string): string {
  return toPosix(path.relative(root, abs));
}

/** Joins POSIX path parts, ignoring empty ones (the root itself is ""). */
export function joinRef(...parts: string[]): string {
  return path.posix.join(...parts.filter((p) => p !== ""));
}

/** The last path component of a path written on another machine (either separator). */
export function foreignBasename(p: string): string {
  return p.replace(/\\/g, "/").split("/").pop() ?? "";
}

/** Resolves a root-relative reference, refusing one that climbs out of the root. */
export function resolveInsideRoot(root: string, ref: string): string | null {
  const base = path.resolve(root);
  const abs = path.resolve(base, ref);
  return abs === base || abs.startsWith(base + path.sep) ? abs : null;
}

async function statOrNull(abs: string) {
  try {
    return await fs.stat(abs);
  } catch {
    return null;
  }
}

export async function isFile(abs: string): Promise<boolean> {
  return (await statOrNull(abs))?.isFile() ?? false;
}

export async function isDirectory(abs: string): Promise<boolean> {
  return (await statOrNull(abs))?.isDirectory() ?? false;
}

async function entries(abs: string) {
  try {
    return await fs.readdir(abs, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Names of the sub-directories of `abs`, sorted so that imports are deterministic. */
export async function listDirectories(abs: string): Promise<string[]> {
  return (await entries(abs))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Names of the regular files in `abs` (empty when it does not exist). */
export async function listFiles(abs: string): Promise<string[]> {
  return (await entries(abs))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}
