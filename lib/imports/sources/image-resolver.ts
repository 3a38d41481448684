// Finds the file an image (or UI-tree) reference names, as a source wrote it: often a path
// from another machine (AndroidLab's "./logs/evaluation/<run>/<task>/Screen/shot.png",
// UI-Venus' "examples/trace/1.png", Windows backslashes). In order: the exact normalised
// path (relative to `baseDir` first when the caller knows the referencing file's folder),
// then the one file sharing the longest tail of segments with it, which ends at the basename
// when only one file has that name. A tie is reported as ambiguous, never guessed: a wrong
// screenshot under a verified label is worse than a missing one. URLs are never fetched.
// The index is built from `list()` once, on the first lookup; it only ever returns paths the
// source listed, so a reference cannot name anything outside the source.
import type { ImageRef } from "@/lib/imports/records";
import type { FileSource } from "@/lib/imports/sources/file-source";
import {
  createPathSuffixIndex,
  type PathSuffixIndex,
  type SuffixMatch,
} from "@/lib/imports/sources/path-suffix-index";

export type ImageResolution =
  | { path: string; matchedBy: "exact" | "suffix" | "basename" }
  | { missing: string };

export type ResolveOptions = {
  /** Folder (a source path) of the file holding the reference: relative references are
   * tried from it first. */
  baseDir?: string | null;
};

export type ImageResolver = {
  resolve(ref: ImageRef, options?: ResolveOptions): Promise<ImageResolution>;
};

export function createImageResolver(source: FileSource): ImageResolver {
  let index: Promise<PathSuffixIndex> | null = null;

  return {
    async resolve(ref, options) {
      index ??= buildIndex(source);
      const paths = await index;
      const segments = referenceSegments(ref);
      if (typeof segments === "string") return { missing: segments };

      if (options?.baseDir && !/^([\\/]|[A-Za-z]:)/.test(ref.trim())) {
        const fromBase = joinLexically(options.baseDir, ref);
        const match = fromBase ? paths.match(fromBase) : null;
        if (match?.kind === "exact") return { path: match.path, matchedBy: "exact" };
      }
      return describe(paths.match(segments), segments);
    },
  };
}

async function buildIndex(source: FileSource): Promise<PathSuffixIndex> {
  const index = createPathSuffixIndex();
  for await (const file of source.list()) index.add(file.path);
  return index;
}

/** The reference's segments, or why it cannot name a file in the source. */
function referenceSegments(ref: string): string[] | string {
  const trimmed = ref.trim();
  if (trimmed === "") return "empty reference";
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^data:/i.test(trimmed)) {
    return "a URL, not a file in the import (URLs are not fetched)";
  }
  const unified = trimmed.replace(/\\/g, "/").replace(/^[A-Za-z]:(?=\/)/, "");
  // ".." pops what it can; leading ones are dropped: they climb above whatever root the
  // reference was written against, and the tail below them is what can still be matched.
  const segments = resolveDots(unified.split("/"));
  return segments ?? "names a folder, not a file";
}

/** `ref` read from `baseDir`, where a ".." must pop a real folder of the base, or null. */
function joinLexically(baseDir: string, ref: string): string[] | null {
  const joined = baseDir.split("/").filter((segment) => segment !== "" && segment !== ".");
  for (const segment of ref.trim().replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment !== "..") joined.push(segment);
    else if (joined.pop() === undefined) return null;
  }
  return joined.length > 0 ? joined : null;
}

function resolveDots(raw: string[]): string[] | null {
  const segments: string[] = [];
  for (const segment of raw) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const last = raw[raw.length - 1];
  if (segments.length === 0 || last === "" || last === "." || last === "..") return null;
  return segments;
}

function describe(match: SuffixMatch, segments: string[]): ImageResolution {
  switch (match.kind) {
    case "exact":
      return { path: match.path, matchedBy: "exact" };
    case "unique":
      return { path: match.path, matchedBy: match.matchedSegments > 1 ? "suffix" : "basename" };
    case "none":
      return { missing: `no file named "${segments[segments.length - 1]}" in the import` };
    case "ambiguous": {
      const tail = segments.slice(segments.length - match.matchedSegments).join("/");
      const shown = match.examples.join(", ") + (match.count > match.examples.length ? ", ..." : "");
      const what = match.matchedSegments > 1 ? `end with "${tail}"` : `are named "${tail}"`;
      return { missing: `ambiguous: ${match.count} files ${what} (${shown})` };
    }
  }
}
