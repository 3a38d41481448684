import "server-only";
// Turns what a person or a script points at (an uploaded staging dir, a server-side path, a
// CLI path) into what parsers read: a directory root plus, for single-file formats, the
// records file(s), and the files the records' images are looked up in. A zip is unpacked
// entry by entry into a staging dir first (through the zip source's checks), so parsers only
// ever see directories.
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { detectParser, DIRECTORY_PARSERS, FALLBACK_PARSER, FILE_PARSERS, parserById } from "@/lib/imports/formats/registry";
import type { FormatParser, ParserInput } from "@/lib/imports/records";
import { createImageResolver } from "@/lib/imports/sources/image-resolver";
import { openDirectorySource } from "@/lib/imports/sources/directory-source";
import type { FileSource, RejectedPath } from "@/lib/imports/sources/file-source";
import { SourceRefusedError } from "@/lib/imports/sources/source-errors";
import { openZipSource } from "@/lib/imports/sources/zip-source";
import type { ImageFiles } from "@/lib/imports/write/media-cache";

const RECORD_FILE = /\.(json|jsonl|ndjson)$/i;

export type PreparedInput = {
  parser: FormatParser;
  detected: boolean;
  input: ParserInput;
  files: ImageFiles;
  refusedFiles: RejectedPath[];
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
 * what it refused is kept beside it for the job's report. */
async function extractOnce(zipPath: string, into: string): Promise<RejectedPath[]> {
  const marker = path.join(into, ".extracted.json");
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

async function chooseParser(root: string, file: string | null, formatId: string | undefined) {
  const forced = formatId ? parserById(formatId) : null;
  if (formatId && !forced) throw new AppError("invalid_input", `unknown format ${formatId}`);
  if (file) {
    const parser = forced ?? (await detectParser({ root, file }));
    if (!parser) throw new AppError("invalid_input", `${file}: the format could not be recognised; choose one`);
    return { parser, input: { root, file }, detected: !forced };
  }
  if (forced && (DIRECTORY_PARSERS.includes(forced) || forced === FALLBACK_PARSER) && !FILE_PARSERS.includes(forced)) return { parser: forced, input: { root, file: null }, detected: false };
  if (!forced) {
    const directoryParser = await detectParser({ root, file: null });
    if (directoryParser) return { parser: directoryParser, input: { root, file: null }, detected: true };
  }
  const recordFiles = (await readdir(root)).filter((n) => RECORD_FILE.test(n)).sort();
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

/** `target` is a directory or a file on disk; `scratch` is where a zip may be unpacked. */
export async function prepareInput(target: string, scratch: string, formatId?: string): Promise<PreparedInput> {
  let root: string;
  let file: string | null = null;
  let refused: RejectedPath[] = [];
  const info = await stat(target).catch(() => null);
  if (!info) throw new AppError("not_found", `${target}: no such file or directory`);
  try {
    if (info.isFile() && /\.zip$/i.test(target)) {
      refused = await extractOnce(target, scratch);
      const inner = await unwrapUpload(scratch);
      root = inner.root;
    } else if (info.isFile()) {
      root = path.dirname(target);
      file = path.basename(target);
    } else {
      ({ root, rejected: refused } = await unwrapUpload(target));
    }
  } catch (error) {
    if (error instanceof SourceRefusedError) throw new AppError("invalid_input", error.message);
    throw error;
  }
  const chosen = await chooseParser(root, file, formatId);
  const { source, rejected } = await openDirectorySource(root);
  return {
    ...chosen,
    files: filesOf(source),
    refusedFiles: [...refused, ...rejected],
    close: () => source.close(),
  };
}
