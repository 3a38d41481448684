import "server-only";
// What one import reads: a list of units, each one format parser on one part of the input (a
// run folder, a records file), found by walking the input. A folder can hold several formats
// (UI-Venus' examples: a grounding meta file, a results file and a trace; a repository with a
// WebVoyager results folder several levels down), and each is imported in the same job with
// a report of its own. The walk goes breadth first, so the shallowest folder a directory
// format recognises is claimed whole (its files belong to it); other folders have their
// JSON / JSONL files tried with the file formats. Images alone are a unit only when nothing
// else was found. Hidden entries (".unpacked", markers) are never read.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { DIRECTORY_PARSERS, FALLBACK_PARSER, FILE_PARSERS, LABEL_PARSERS } from "@/lib/imports/formats/registry";
import type { FormatParser, ParsedItem, ParserInput } from "@/lib/imports/records";

export type ImportUnit = {
  parser: FormatParser;
  input: ParserInput;
  /** The unit's folder inside the import root (POSIX, "" for the root): its references are
   * resolved from there first. */
  base: string;
  /** Prepended to the locations a directory unit reports, so they read from the import root. */
  locationPrefix: string;
};

export const RECORD_FILE = /\.(json|jsonl|ndjson|csv)$/i;
const MAX_DEPTH = 6;
const MAX_FOLDERS = 5_000;

type Listing = { files: string[]; dirs: string[] };

async function list(abs: string): Promise<Listing> {
  const entries = await readdir(abs, { withFileTypes: true }).catch(() => []);
  const visible = entries.filter((e) => !e.name.startsWith(".")).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { files: visible.filter((e) => e.isFile()).map((e) => e.name), dirs: visible.filter((e) => e.isDirectory()).map((e) => e.name) };
}

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

async function detectFirst(parsers: FormatParser[], input: ParserInput): Promise<FormatParser | null> {
  for (const parser of parsers) if (await parser.detect(input).catch(() => false)) return parser;
  return null;
}

export type Discovery = {
  units: ImportUnit[];
  /** Record-like files no format recognised: reported, so nothing is skipped silently. */
  unrecognised: string[];
  foldersWalked: number;
};

export function fileUnit(parser: FormatParser, root: string, file: string, model?: string): ImportUnit {
  const dir = path.posix.dirname(file);
  return { parser, input: { root, file, model }, base: dir === "." ? "" : dir, locationPrefix: "" };
}

export function directoryUnit(parser: FormatParser, root: string, dir: string, model?: string): ImportUnit {
  return { parser, input: { root: dir ? path.join(root, dir) : root, file: null, model }, base: dir, locationPrefix: dir };
}

export async function discoverUnits(root: string, model?: string): Promise<Discovery> {
  const units: ImportUnit[] = [];
  const unrecognised: string[] = [];
  const queue: { dir: string; depth: number }[] = [{ dir: "", depth: 0 }];
  let walked = 0;
  let hasImages = false;
  for (let next = queue.shift(); next && walked < MAX_FOLDERS; next = queue.shift()) {
    walked += 1;
    const abs = next.dir ? path.join(root, next.dir) : root;
    const claimedBy = await detectFirst(DIRECTORY_PARSERS, { root: abs, file: null });
    if (claimedBy) {
      units.push(directoryUnit(claimedBy, root, next.dir, model));
      continue;
    }
    const { files, dirs } = await list(abs);
    for (const name of files) {
      if (/\.(png|jpe?g|webp)$/i.test(name)) hasImages = true;
      if (!RECORD_FILE.test(name)) continue;
      const file = join(next.dir, name);
      const parser = await detectFirst(FILE_PARSERS, { root, file });
      if (parser) units.push(fileUnit(parser, root, file, model));
      else unrecognised.push(file);
    }
    if (next.depth < MAX_DEPTH) for (const name of dirs) queue.push({ dir: join(next.dir, name), depth: next.depth + 1 });
  }
  if (units.length === 0 && hasImages) units.push(directoryUnit(FALLBACK_PARSER, root, "", model));
  // Labels name items: those of the same input are written first.
  const ordered = [...units.filter((u) => !LABEL_PARSERS.has(u.parser)), ...units.filter((u) => LABEL_PARSERS.has(u.parser))];
  return { units: ordered, unrecognised, foldersWalked: walked };
}

/** A unit's items with their locations relative to the import root. */
export async function* parseUnit(unit: ImportUnit): AsyncGenerator<ParsedItem> {
  const prefix = unit.locationPrefix;
  for await (const item of unit.parser.parse(unit.input)) {
    if (!prefix) {
      yield item;
      continue;
    }
    const file = item.location.file ? `${prefix}/${item.location.file}` : prefix;
    yield { ...item, location: { ...item.location, file } } as ParsedItem;
  }
}

export async function* parseUnits(units: ImportUnit[]): AsyncGenerator<{ unit: ImportUnit; item: ParsedItem }> {
  for (const unit of units) for await (const item of parseUnit(unit)) yield { unit, item };
}

export function describeUnits(units: ImportUnit[]): { id: string; label: string; sources: string[] }[] {
  const byId = new Map<string, { id: string; label: string; sources: string[] }>();
  for (const unit of units) {
    const entry = byId.get(unit.parser.id) ?? { id: unit.parser.id, label: unit.parser.label, sources: [] };
    entry.sources.push(unit.input.file ?? (unit.base || "."));
    byId.set(unit.parser.id, entry);
  }
  return [...byId.values()];
}
