// AgentRewardBench's human annotations file (annotations.csv, see agentrewardbench-row.ts),
// streamed with csv-parse: one label per row, each refused row reported with its line. The
// file is recognised by its header; a file that stops being valid CSV midway (an unclosed
// quote) is reported at the line where reading stopped, never cut short silently.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse";
import type { FormatParser, ParsedItem, ParserInput } from "@/lib/imports/records";
import { ARB_COLUMNS, mapArbRow, trajectoryKeyOf, type ArbRow } from "@/lib/imports/formats/labels/agentrewardbench-row";

const HEADER_BYTES = 4096;

async function headerOf(file: string): Promise<string[] | null> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8").replace(/^\uFEFF/, "");
    const end = text.search(/\r?\n/);
    if (end < 0 && bytesRead === HEADER_BYTES) return null;
    return (end < 0 ? text : text.slice(0, end)).split(",").map((c) => c.trim());
  } finally {
    await handle.close();
  }
}

export function isArbHeader(columns: string[] | null): boolean {
  return !!columns && ARB_COLUMNS.every((c) => columns.includes(c));
}

export type ArbEntry = { line: number; row: ArbRow; others: Record<string, string> | null } | { line: number; error: string };

/** The rows of an annotations file with the line each one ends on (1-based, the header is
 * line 1). Rows are read as arrays against the header, so a row with more or fewer fields
 * than the header is refused instead of cut to fit; columns beyond AgentRewardBench's own
 * (a `timestamp`, as its remove_duplicate_annotations reads) come back in `others`. */
export async function* arbRows(file: string): AsyncGenerator<ArbEntry> {
  const parser = createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
  let header: string[] | null = null;
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      lastLine = info.lines;
      if (!header) {
        header = record.map((c) => c.trim());
        continue;
      }
      if (record.length !== header.length) {
        yield { line: info.lines, error: `the row has ${record.length} fields and the header ${header.length}` };
        continue;
      }
      const byName = new Map(header.map((name, i) => [name, record[i]!]));
      const row = Object.fromEntries(ARB_COLUMNS.map((c) => [c, byName.get(c) ?? ""])) as ArbRow;
      const known = new Set<string>(ARB_COLUMNS);
      const others = header.filter((h) => !known.has(h) && h !== "");
      yield { line: info.lines, row, others: others.length ? Object.fromEntries(others.map((h) => [h, byName.get(h)!])) : null };
    }
  } catch (error) {
    yield { line: lastLine + 1, error: `not readable as CSV from here on: ${(error as Error).message}` };
  }
}

export const agentRewardBenchParser: FormatParser = {
  id: "agentrewardbench",
  label: "AgentRewardBench human annotations (annotations.csv)",
  async detect(input: ParserInput) {
    if (!input.file || !/\.csv$/i.test(input.file)) return false;
    return isArbHeader(await headerOf(path.join(input.root, input.file)).catch(() => null));
  },
  async *parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    if (!input.file) throw new Error("AgentRewardBench annotations need a file");
    const file = input.file;
    const annotated = new Set<string>();
    for await (const entry of arbRows(path.join(input.root, file))) {
      const location = { file, line: entry.line };
      if ("error" in entry) {
        yield { type: "rejected", location, reason: entry.error };
        continue;
      }
      const key = trajectoryKeyOf(entry.row);
      const isPrimary = !annotated.has(key);
      const mapped = mapArbRow(entry.row, location, isPrimary, entry.others);
      // Only a row that is a label makes its trajectory's later rows secondary.
      if (mapped.type === "annotation") annotated.add(key);
      yield mapped;
    }
  },
};
