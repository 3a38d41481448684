import "server-only";
// Turns what a person or a script points at (an uploaded staging dir, a server-side path, a
// CLI path) into what parsers read: a directory root plus, for single-file formats, the
// records file(s), and the files the records' images are looked up in.
//
// A zip is read in place where it can be (lib/imports/unpack-archive.ts): only its non-image
// entries are unpacked, so that parsers see a directory, and screenshots are read from the
// archive itself; only a format that lists screenshots on disk (a run folder, images alone)
// gets them unpacked too.
//
// Record files get the same link policy as images: a records file is only ever one the
// directory listing accepted (a regular file, or a link that stays inside the root), and a run
// folder with links that leave it (or dangle) is refused as a whole, since its parser opens
// files by name.
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { detectParser, DIRECTORY_PARSERS, FALLBACK_PARSER, FILE_PARSERS, parserById } from "@/lib/imports/formats/registry";
import type { FormatParser, ParserInput } from "@/lib/imports/records";
import { createImageResolver } from "@/lib/imports/sources/image-resolver";
import { openDirectorySource } from "@/lib/imports/sources/directory-source";
import type { FileSource, OpenedSource, RejectedPath } from "@/lib/imports/sources/file-source";
import { prefixedSource } from "@/lib/imports/sources/prefixed-source";
import { SourceLimitError, SourceRefusedError } from "@/lib/imports/sources/source-errors";
import { openZipSource } from "@/lib/imports/sources/zip-source";
import { unpackZip, type Unpacked, type UnpackOptions } from "@/lib/imports/unpack-archive";
import type { ImageFiles } from "@/lib/imports/write/media-cache";

const RECORD_FILE = /\.(json|jsonl|ndjson)$/i;

/** Where the preview's screenshots are served from: a directory, or a folder inside a zip. */
export type ImageSourceDescriptor = { kind: "directory"; root: string } | { kind: "zip"; zip: string; prefix: string };

export type PreparedInput = {
  parser: FormatParser;
  detected: boolean;
  input: ParserInput;
  files: ImageFiles;
  imageSource: ImageSourceDescriptor;
  refusedFiles: RejectedPath[];
  close(): Promise<void>;
};

export type PrepareOptions = UnpackOptions;

/** An uploaded folder arrives inside its own name ("run-42/..."), an uploaded archive as a
 * lone zip: both are unwrapped so the formats see the folder's content at the root. */
async function unwrapUpload(root: string, options: PrepareOptions, images: boolean): Promise<Unpacked> {
  const entries = (await readdir(root, { withFileTypes: true })).filter((e) => !e.name.startsWith("."));
  const only = entries.length === 1 ? entries[0]! : null;
  if (only?.isDirectory()) return unwrapUpload(path.join(root, only.name), options, images);
  if (only?.isFile() && /\.zip$/i.test(only.name)) return unpackZip(path.join(root, only.name), path.join(root, ".unpacked"), options, images);
  return { root, rejected: [], zip: null, images: true };
}

/** Images looked up by the records' references in `source` (the import root, or a separate
 * images directory given with --images). */
export function filesOf(source: FileSource): ImageFiles {
  const resolver = createImageResolver(source);
  return {
    async locate(ref) {
      const found = await resolver.resolve(ref);
      return "path" in found ? { path: found.path } : { missing: `image ${ref}: ${found.missing}` };
    },
    read: (p) => source.read(p),
  };
}

/** Opens what a preview's screenshots are served from. */
export async function openImageSource(descriptor: ImageSourceDescriptor): Promise<FileSource> {
  if (descriptor.kind === "directory") return (await openDirectorySource(descriptor.root)).source;
  return prefixedSource((await openZipSource(descriptor.zip)).source, descriptor.prefix);
}

/** Parses several record files of one format one after another (e.g. ScreenSpot-v2's
 * per-platform JSON files beside one images folder). */
function sequence(parser: FormatParser, root: string, recordFiles: string[]): { parser: FormatParser; input: ParserInput } {
  if (recordFiles.length === 1) return { parser, input: { root, file: recordFiles[0]! } };
  const composite: FormatParser = {
    ...parser,
    async *parse() {
      for (const file of recordFiles) yield* parser.parse({ root, file });
    },
  };
  return { parser: composite, input: { root, file: recordFiles[0]! } };
}

const LINK_REASON = /symbolic link|disappeared/;

// `listed`: the files the directory walk accepted; only those are ever records files.
async function chooseParser(root: string, file: string | null, formatId: string | undefined, listed: ReadonlySet<string>, refused: RejectedPath[]) {
  const forced = formatId ? parserById(formatId) : null;
  if (formatId && !forced) throw new AppError("invalid_input", `unknown format ${formatId}`);
  if (file) {
    const parser = forced ?? (await detectParser({ root, file }));
    if (!parser) throw new AppError("invalid_input", `${file}: the format could not be recognised; choose one`);
    return { parser, input: { root, file }, detected: !forced };
  }
  // A run folder's parser opens its files by name, links included: none may leave the root.
  const assertNoEscapingLinks = () => {
    const link = refused.find((r) => LINK_REASON.test(r.reason));
    if (link) throw new AppError("invalid_input", `${link.path}: ${link.reason}; a folder imported as a whole may hold no such link`);
  };
  if (forced && (DIRECTORY_PARSERS.includes(forced) || forced === FALLBACK_PARSER) && !FILE_PARSERS.includes(forced)) {
    if (forced !== FALLBACK_PARSER) assertNoEscapingLinks();
    return { parser: forced, input: { root, file: null }, detected: false };
  }
  if (!forced) {
    const directoryParser = await detectParser({ root, file: null });
    if (directoryParser) {
      assertNoEscapingLinks();
      return { parser: directoryParser, input: { root, file: null }, detected: true };
    }
  }
  const recordFiles = (await readdir(root)).filter((n) => RECORD_FILE.test(n) && listed.has(n)).sort();
  const matches: { file: string; parser: FormatParser }[] = [];
  for (const candidate of recordFiles) {
    const parser = forced ?? (await detectParser({ root, file: candidate }));
    if (parser) matches.push({ file: candidate, parser });
  }
  const first = matches[0];
  if (!first && !forced && (await FALLBACK_PARSER.detect({ root, file: null }))) return { parser: FALLBACK_PARSER, input: { root, file: null }, detected: true };
  if (!first) throw new AppError("invalid_input", "no records file of a known format was found (JSON or JSONL at the top level, or a run folder)");
  const sameFormat = matches.filter((m) => m.parser.id === first.parser.id).map((m) => m.file);
  return { ...sequence(first.parser, root, sameFormat), detected: !forced };
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
 * zip may be unpacked.
 */
export async function prepareInput(target: string, scratch: string, formatId?: string, options: PrepareOptions = {}): Promise<PreparedInput> {
  const info = await lstat(target).catch(() => null);
  if (!info) throw new AppError("not_found", `${target}: no such file or directory`);
  if (info.isSymbolicLink()) throw new AppError("invalid_input", `${path.basename(target)}: a symbolic link is not imported; name what it points to`);
  let unpacked: Unpacked;
  let file: string | null = null;
  try {
    if (info.isFile() && /\.zip$/i.test(target)) unpacked = await unpackZip(target, scratch, options, false);
    else if (info.isFile()) {
      unpacked = { root: path.dirname(target), rejected: [], zip: null, images: true };
      file = path.basename(target);
    } else unpacked = await unwrapUpload(target, options, false);
  } catch (error) {
    throw asAppError(error);
  }
  let directory: OpenedSource | null = null;
  try {
    let names: Set<string>;
    ({ opened: directory, names } = await listing(unpacked.root));
    // Screenshots of an archive unpacked after all, for a format that finds them on disk.
    const unpackImages = async () => {
      const zip = unpacked.zip!;
      await zip.opened.source.close();
      await directory!.source.close();
      directory = null;
      unpacked = await unpackZip(zip.path, zip.into, options, true).catch((error: unknown) => {
        throw asAppError(error);
      });
      ({ opened: directory, names } = await listing(unpacked.root));
    };
    const choose = () => chooseParser(unpacked.root, file, formatId, file ? new Set([file]) : names, directory!.rejected);
    let chosen;
    try {
      chosen = await choose();
    } catch (error) {
      // An archive of screenshots alone is recognised once they are on disk.
      const noRecords = error instanceof AppError && error.message.startsWith("no records file");
      if (!noRecords || !unpacked.zip || unpacked.images) throw error;
      await unpackImages();
      chosen = await choose();
    }
    if (unpacked.zip && chosen.input.file === null && !unpacked.images) await unpackImages();
    const zip = unpacked.zip;
    const inPlace = zip !== null && chosen.input.file !== null;
    const imageSource: ImageSourceDescriptor = inPlace ? { kind: "zip", zip: zip.path, prefix: zip.prefix } : { kind: "directory", root: unpacked.root };
    const files = filesOf(inPlace ? prefixedSource(zip.opened.source, zip.prefix) : directory!.source);
    const opened = directory!;
    return {
      ...chosen,
      files,
      imageSource,
      refusedFiles: [...unpacked.rejected, ...opened.rejected],
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
