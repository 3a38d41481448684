import "server-only";
// A CSV file as rows keyed by its header, streamed with csv-parse (RFC 4180: quoted fields
// may hold commas, quotes doubled, and line breaks, as pandas writes a stack trace). Each row
// comes with the line it starts on (1-based, the header is line 1), which is where a person
// opening the file finds it; a row whose field count differs from the header's is returned as
// a problem at its line rather than cut to fit, and a file that stops being CSV midway (an
// unclosed quote) ends with a problem at the line where reading stopped.
import { createReadStream } from "node:fs";
import { parse } from "csv-parse";

export type CsvRow = { line: number; fields: Record<string, string> };
export type CsvProblem = { line: number; problem: string };
export type CsvEntry = CsvRow | CsvProblem | { header: string[] };

export async function* csvRows(file: string): AsyncGenerator<CsvEntry> {
  const parser = createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
  let header: string[] | null = null;
  // csv-parse tells the line a record ends on; the next one starts on the line after.
  let lastEnd = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = lastEnd + 1;
      lastEnd = info.lines;
      if (!header) {
        header = record;
        yield { header };
        continue;
      }
      if (record.length !== header.length) {
        yield { line, problem: `the row has ${record.length} fields and the header ${header.length}` };
        continue;
      }
      // No prototype: a column may be named anything, "__proto__" included.
      const fields = Object.create(null) as Record<string, string>;
      // A name the header repeats keeps its first column.
      header.forEach((name, i) => {
        if (!(name in fields)) fields[name] = record[i]!;
      });
      yield { line, fields };
    }
  } catch (error) {
    yield { line: lastEnd + 1, problem: `not readable as CSV from here on: ${(error as Error).message}` };
  }
}
