import "server-only";
// Turns what a person or a script points at (an uploaded staging dir, a server-side path, a
// CLI path) into what the import reads: a directory root and the units found in it (one
// format parser each, see import-units.ts), and the files the records' images are looked up
// in. A zip is unpacked entry by entry into a staging dir first (through the zip source's
// checks), so parsers only ever see directories; what the archive refused is kept in a marker
// beside the unpacked tree, never inside it, so it is not mistaken for a records file.
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { ALL_PARSERS, DIRECTORY_PARSERS, FALLBACK_PARSER, FILE_PARSERS, detectParser, parserById } from "@/lib/imports/formats/registry";
import { filesOf } from "@/lib/imports/image-files";
import { directoryUnit, discoverUnits, fileUnit, RECORD_FILE, type ImportUnit } from "@/lib/imports/import-units";
import { openDirectorySource } from "@/lib/imports/sources/directory-source";
import type { RejectedPath } from "@/lib/imports/sources/file-source";
import { SourceRefusedError } from "@/lib/imports/sources/source-errors";
import { openZipSource } from "@/lib/imports/sources/zip-source";
import type { ImageFiles } from "@/lib/imports/write/media-cache";

export type PreparedInput = {
  units: ImportUnit[];
  detected: boolean;
  root: string;
  /** The import root's files; `filesFor(unit)` looks a unit's references up from its folder. */
  files: ImageFiles;
  filesFor(unit: ImportUnit): ImageFiles;
  refusedFiles: RejectedPath[];
  /** JSON / JSONL files that no format recognised (reported as notes). */
  unrecognisedFiles: string[];
  close(): Promise<void>;
};

async function extractZip(zipPath: string, into: string): Promise<RejectedPath[]> {
  const { source, rejected } = await openZipSource(zipPath);
  try {
    for await (const entry of source.list()) {
      const target = path.join(into, entry.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, await source.read(entry.path), { flag: "wx" });
    }
  } finally {
    await source.close();
  }
  return rejected;
}

/** The preview and then the job read the same upload: the archive is unpacked once, and
 * what it refused is kept beside it (`<dir>.extracted.json`) for the job's report. */
async function extractOnce(zipPath: string, into: string): Promise<RejectedPath[]> {
  const marker = `${into.replace(/[\\/]+$/, "")}.extracted.json`;
  const done = await readFile(marker, "utf8").catch(() => null);
  if (done) return JSON.parse(done) as RejectedPath[];
  await rm(into, { recursive: true, force: true });
  await mkdir(into, { recursive: true });
  const rejected = await extractZip(zipPath, into);
  await writeFile(marker, JSON.stringify(rejected));
  return rejected;
}

/** An uploaded folder arrives inside its own name ("run-42/..."), an uploaded archive as a
 * lone zip: both are unwrapped so the formats see the folder's content at the root. */
async function unwrapUpload(root: string): Promise<{ root: string; rejected: RejectedPath[] }> {
  const entries = (await readdir(root, { withFileTypes: true })).filter((e) => !e.name.startsWith("."));
  const only = entries.length === 1 ? entries[0]! : null;
  if (only?.isDirectory()) return unwrapUpload(path.join(root, only.name));
  if (only?.isFile() && /\.zip$/i.test(only.name)) {
    const into = path.join(root, ".unpacked");
    const rejected = await extractOnce(path.join(root, only.name), into);
    const inner = await unwrapUpload(into);
    return { root: inner.root, rejected: [...rejected, ...inner.rejected] };
  }
  return { root, rejected: [] };
}

const FORMAT_NAMES = () => ALL_PARSERS.map((p) => p.label).join("; ");

async function chooseUnits(root: string, file: string | null, formatId: string | undefined, model: string | undefined) {
  const forced = formatId ? parserById(formatId) : null;
  if (formatId && !forced) throw new AppError("invalid_input", `unknown format ${formatId}`);
  if (file) {
    const parser = forced ?? (await detectParser({ root, file }));
    if (!parser) throw new AppError("invalid_input", `${file}: the format could not be recognised (Verity reads: ${FORMAT_NAMES()}); choose one`);
    return { units: [fileUnit(parser, root, file, model)], unrecognised: [], detected: !forced };
  }
  if (forced) {
    const isDirectoryFormat = (DIRECTORY_PARSERS.includes(forced) || forced === FALLBACK_PARSER) && !FILE_PARSERS.includes(forced);
    if (isDirectoryFormat) return { units: [directoryUnit(forced, root, "", model)], unrecognised: [], detected: false };
    // A chosen file format reads every records file at the top level (ScreenSpot-v2's
    // per-platform files beside one images folder).
    const recordFiles = (await readdir(root)).filter((n) => RECORD_FILE.test(n) && !n.startsWith(".")).sort();
    if (recordFiles.length === 0) throw new AppError("invalid_input", `no JSON or JSONL file at the top level to read as ${forced.label}`);
    return { units: recordFiles.map((f) => fileUnit(forced, root, f, model)), unrecognised: [], detected: false };
  }
  const found = await discoverUnits(root, model);
  if (found.units.length === 0) {
    const skipped = found.unrecognised.length ? ` (${found.unrecognised.slice(0, 5).join(", ")}${found.unrecognised.length > 5 ? ", ..." : ""} matched none)` : "";
    throw new AppError("invalid_input", `no records of a known format and no images were found in ${found.foldersWalked} folders${skipped}; Verity reads: ${FORMAT_NAMES()}`);
  }
  return { units: found.units, unrecognised: found.unrecognised, detected: true };
}

export type PrepareOptions = { format?: string; model?: string };

/** `target` is a directory or a file on disk; `scratch` is where a zip may be unpacked. */
export async function prepareInput(target: string, scratch: string, options: PrepareOptions | string = {}): Promise<PreparedInput> {
  const { format, model } = typeof options === "string" ? { format: options, model: undefined } : options;
  let root: string;
  // The folder given (or the unpacked archive) before its lone subfolders were unwrapped.
  let outer: string;
  let file: string | null = null;
  let refused: RejectedPath[] = [];
  const info = await stat(target).catch(() => null);
  if (!info) throw new AppError("not_found", `${target}: no such file or directory`);
  try {
    if (info.isFile() && /\.zip$/i.test(target)) {
      refused = await extractOnce(target, scratch);
      const inner = await unwrapUpload(scratch);
      root = inner.root;
      outer = scratch;
    } else if (info.isFile()) {
      root = path.dirname(target);
      outer = root;
      file = path.basename(target);
    } else {
      ({ root, rejected: refused } = await unwrapUpload(target));
      outer = target;
    }
  } catch (error) {
    if (error instanceof SourceRefusedError) throw new AppError("invalid_input", error.message);
    throw error;
  }
  let chosen = await chooseUnits(root, file, format, model);
  // Images alone are matched to references by path: the folder names an unwrapping would
  // drop ("blender_windows/" around a folder's screenshots) are what tells them apart.
  if (chosen.units.length === 1 && chosen.units[0]!.parser === FALLBACK_PARSER && root !== outer) {
    root = outer;
    chosen = { ...chosen, units: [directoryUnit(FALLBACK_PARSER, root, "", model)] };
  }
  const { source, rejected } = await openDirectorySource(root);
  return {
    units: chosen.units,
    detected: chosen.detected,
    root,
    files: filesOf(source),
    filesFor: (unit) => filesOf(source, unit.base || null),
    refusedFiles: [...refused, ...rejected],
    unrecognisedFiles: chosen.unrecognised,
    close: () => source.close(),
  };
}

