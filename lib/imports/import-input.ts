import "server-only";
// Turns what a person or a script points at (an uploaded staging dir, a server-side path, a
// CLI path) into what the import reads: a directory root and the units found in it (one
// format parser each, see import-units.ts), and the files the records' images are looked up
// in.
//
// A zip is read in place where it can be (lib/imports/unpack-archive.ts): only its non-image
// entries are unpacked, so that parsers see a directory, and screenshots are read from the
// archive itself; only a format that lists screenshots on disk (a run folder, images alone)
// gets them unpacked too. What the archive refused is kept in a marker beside the unpacked
// tree, never inside it, so it is not mistaken for a records file.
//
// Record files get the same link policy as images: a records file is only ever one the
// directory listing accepted (a regular file, or a link that stays inside the root), and a run
// folder with links that leave it (or dangle) is refused as a whole, since its parser opens
// files by name.
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { ALL_PARSERS, DIRECTORY_PARSERS, FALLBACK_PARSER, FILE_PARSERS, detectParser, parserById } from "@/lib/imports/formats/registry";
import { filesOf } from "@/lib/imports/image-files";
import { directoryUnit, discoverUnits, fileUnit, RECORD_FILE, type ImportUnit } from "@/lib/imports/import-units";
import { openDirectorySource } from "@/lib/imports/sources/directory-source";
import type { FileSource, OpenedSource, RejectedPath } from "@/lib/imports/sources/file-source";
import { prefixedSource } from "@/lib/imports/sources/prefixed-source";
import { SourceLimitError, SourceRefusedError } from "@/lib/imports/sources/source-errors";
import { openZipSource } from "@/lib/imports/sources/zip-source";
import { unpackZip, type Unpacked, type UnpackOptions } from "@/lib/imports/unpack-archive";
import type { ImageFiles } from "@/lib/imports/write/media-cache";

/** Where the preview's screenshots are served from: a directory, or a folder inside a zip. */
export type ImageSourceDescriptor = { kind: "directory"; root: string } | { kind: "zip"; zip: string; prefix: string };

export type PreparedInput = {
  units: ImportUnit[];
  detected: boolean;
  root: string;
  /** The import root's files; `filesFor(unit)` looks a unit's references up from its folder. */
  files: ImageFiles;
  filesFor(unit: ImportUnit): ImageFiles;
  imageSource: ImageSourceDescriptor;
  refusedFiles: RejectedPath[];
  /** JSON / JSONL files that no format recognised (reported as notes). */
  unrecognisedFiles: string[];
  close(): Promise<void>;
};

/** `format` forces a parser, `model` names a results file's model; `projectId` bounds the
 * disk an archive may take (lib/imports/staging-budget.ts). */
export type PrepareOptions = UnpackOptions & { format?: string; model?: string };

/** An uploaded folder arrives inside its own name ("run-42/..."), an uploaded archive as a
 * lone zip: both are unwrapped so the formats see the folder's content at the root. */
async function unwrapUpload(root: string, options: PrepareOptions, images: boolean): Promise<Unpacked> {
  const entries = (await readdir(root, { withFileTypes: true })).filter((e) => !e.name.startsWith("."));
  const only = entries.length === 1 ? entries[0]! : null;
  if (only?.isDirectory()) return unwrapUpload(path.join(root, only.name), options, images);
  if (only?.isFile() && /\.zip$/i.test(only.name)) return unpackZip(path.join(root, only.name), path.join(root, ".unpacked"), options, images);
  return { root, rejected: [], zip: null, images: true };
}

/** Opens what a preview's screenshots are served from. */
export async function openImageSource(descriptor: ImageSourceDescriptor): Promise<FileSource> {
  if (descriptor.kind === "directory") return (await openDirectorySource(descriptor.root)).source;
  return prefixedSource((await openZipSource(descriptor.zip)).source, descriptor.prefix);
}

const FORMAT_NAMES = () => ALL_PARSERS.map((p) => p.label).join("; ");
const LINK_REASON = /symbolic link|disappeared/;
const NO_RECORDS = "no records of a known format";

type Chosen = { units: ImportUnit[]; unrecognised: string[]; detected: boolean };

const isDirectoryUnit = (unit: ImportUnit) => unit.input.file === null;

// `listed`: the files the directory walk accepted; only those are ever records files.
async function chooseUnits(root: string, file: string | null, options: PrepareOptions, listed: ReadonlySet<string>, refused: RejectedPath[]): Promise<Chosen> {
  const { format, model } = options;
  const forced = format ? parserById(format) : null;
  if (format && !forced) throw new AppError("invalid_input", `unknown format ${format}`);
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
    const recordFiles = (await readdir(root)).filter((n) => RECORD_FILE.test(n) && listed.has(n)).sort();
    if (recordFiles.length === 0) throw new AppError("invalid_input", `no JSON or JSONL file at the top level to read as ${forced.label}`);
    return { units: recordFiles.map((f) => fileUnit(forced, root, f, model)), unrecognised: [], detected: false };
  }
  const found = await discoverUnits(root, model);
  const units = found.units.filter((u) => isDirectoryUnit(u) || listed.has(u.input.file!));
  if (units.length === 0) {
    const skipped = found.unrecognised.length ? ` (${found.unrecognised.slice(0, 5).join(", ")}${found.unrecognised.length > 5 ? ", ..." : ""} matched none)` : "";
    throw new AppError("invalid_input", `${NO_RECORDS} and no images were found in ${found.foldersWalked} folders${skipped}; Verity reads: ${FORMAT_NAMES()}`);
  }
  return { units, unrecognised: found.unrecognised, detected: true };
}

/** A run folder's parser opens its files by name, links included: none may leave its folder. */
function assertNoEscapingLinks(units: ImportUnit[], refused: RejectedPath[]) {
  for (const unit of units) {
    if (!isDirectoryUnit(unit) || unit.parser === FALLBACK_PARSER) continue;
    const link = refused.find((r) => LINK_REASON.test(r.reason) && (unit.base === "" || r.path.startsWith(`${unit.base}/`)));
    if (link) throw new AppError("invalid_input", `${link.path}: ${link.reason}; a folder imported as a whole may hold no such link`);
  }
}

async function listing(root: string): Promise<{ opened: OpenedSource; names: Set<string> }> {
  const opened = await openDirectorySource(root);
  const names = new Set<string>();
  for await (const file of opened.source.list()) names.add(file.path);
  return { opened, names };
}

function asAppError(error: unknown): unknown {
  if (error instanceof SourceLimitError) return new AppError("too_large", error.message);
  if (error instanceof SourceRefusedError) return new AppError("invalid_input", error.message);
  return error;
}

/**
 * `target` is a directory or a file on disk, already confined by the caller (a server path
 * resolved inside the import roots, an upload inside the staging dir); `scratch` is where a
 * zip may be unpacked. A string for `options` is a format id.
 */
export async function prepareInput(target: string, scratch: string, options: PrepareOptions | string = {}): Promise<PreparedInput> {
  const opts: PrepareOptions = typeof options === "string" ? { format: options } : options;
  const info = await lstat(target).catch(() => null);
  if (!info) throw new AppError("not_found", `${target}: no such file or directory`);
  if (info.isSymbolicLink()) throw new AppError("invalid_input", `${path.basename(target)}: a symbolic link is not imported; name what it points to`);
  let unpacked: Unpacked;
  // The folder given (or the unpacked archive) before its lone subfolders were unwrapped.
  let outer: string;
  let file: string | null = null;
  try {
    if (info.isFile() && /\.zip$/i.test(target)) {
      unpacked = await unpackZip(target, scratch, opts, false);
      outer = scratch;
    } else if (info.isFile()) {
      unpacked = { root: path.dirname(target), rejected: [], zip: null, images: true };
      outer = unpacked.root;
      file = path.basename(target);
    } else {
      unpacked = await unwrapUpload(target, opts, false);
      outer = unpacked.zip ? unpacked.zip.into : target;
    }
  } catch (error) {
    throw asAppError(error);
  }
  let directory: OpenedSource | null = null;
  try {
    let names: Set<string>;
    let root = unpacked.root;
    ({ opened: directory, names } = await listing(root));
    // Screenshots of an archive unpacked after all, for a format that finds them on disk.
    const unpackImages = async () => {
      const zip = unpacked.zip!;
      await zip.opened.source.close();
      await directory!.source.close();
      directory = null;
      unpacked = await unpackZip(zip.path, zip.into, opts, true).catch((error: unknown) => {
        throw asAppError(error);
      });
      root = unpacked.root;
      ({ opened: directory, names } = await listing(root));
    };
    const choose = () => chooseUnits(root, file, opts, file ? new Set([file]) : names, directory!.rejected);
    let chosen: Chosen;
    try {
      chosen = await choose();
    } catch (error) {
      // An archive of screenshots alone is recognised once they are on disk.
      const noRecords = error instanceof AppError && error.message.startsWith(NO_RECORDS);
      if (!noRecords || !unpacked.zip || unpacked.images) throw error;
      await unpackImages();
      chosen = await choose();
    }
    if (unpacked.zip && chosen.units.some(isDirectoryUnit) && !unpacked.images) {
      await unpackImages();
      chosen = await choose();
    }
    assertNoEscapingLinks(chosen.units, directory!.rejected);
    // Images alone are matched to references by path: the folder names an unwrapping would
    // drop ("blender_windows/" around a folder's screenshots) are what tells them apart.
    if (chosen.units.length === 1 && chosen.units[0]!.parser === FALLBACK_PARSER && root !== outer) {
      await directory!.source.close();
      directory = null;
      root = outer;
      ({ opened: directory } = await listing(root));
      chosen = { ...chosen, units: [directoryUnit(FALLBACK_PARSER, root, "", opts.model)] };
    }
    const zip = unpacked.zip;
    // Only file units read a zip's screenshots in place; a directory unit had them unpacked.
    const inPlace = zip !== null && !chosen.units.some(isDirectoryUnit);
    const imageSource: ImageSourceDescriptor = inPlace ? { kind: "zip", zip: zip.path, prefix: zip.prefix } : { kind: "directory", root };
    const source = inPlace ? prefixedSource(zip.opened.source, zip.prefix) : directory!.source;
    const opened = directory!;
    return {
      units: chosen.units,
      detected: chosen.detected,
      root,
      files: filesOf(source),
      filesFor: (unit) => filesOf(source, unit.base || null),
      imageSource,
      refusedFiles: [...unpacked.rejected, ...opened.rejected],
      unrecognisedFiles: chosen.unrecognised,
      close: async () => {
        await opened.source.close();
        await zip?.opened.source.close();
      },
    };
  } catch (error) {
    await (directory as OpenedSource | null)?.source.close().catch(() => undefined);
    await unpacked.zip?.opened.source.close().catch(() => undefined);
    throw asAppError(error);
  }
}
