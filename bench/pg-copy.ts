// Rows into a PostgreSQL table with one `COPY ... FROM STDIN` (text format) on a pg client,
// through pg-copy-streams: the fastest way rows get into PostgreSQL, used as the raw limit of
// the import benchmark and to seed the export benchmark.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import copyStreams from "pg-copy-streams";

export type CopyValue = string | number | boolean | Date | null;

// COPY's text format: tab-separated, \N for NULL, backslash escapes for the characters that
// would end a field or a row (https://www.postgresql.org/docs/current/sql-copy.html, "Text Format").
export const copyField = (v: CopyValue) =>
  v === null
    ? "\\N"
    : (v instanceof Date ? v.toISOString() : String(v)).replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");

// Chunks of a few hundred rows: one write per row would measure the stream, not COPY.
function* copyText(rows: Iterable<CopyValue[]>): Generator<string> {
  let chunk = "";
  let count = 0;
  for (const row of rows) {
    chunk += `${row.map(copyField).join("\t")}\n`;
    if (++count % 500 === 0) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** Streams the rows into the table's columns; resolves with the row count PostgreSQL reports. */
export async function copyRows(client: pg.Client, table: string, columns: string[], rows: Iterable<CopyValue[]>): Promise<number> {
  const copy = client.query(copyStreams.from(`COPY "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) FROM STDIN`));
  await pipeline(Readable.from(copyText(rows)), copy);
  return copy.rowCount;
}
