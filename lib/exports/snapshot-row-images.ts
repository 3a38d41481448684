import "server-only";
// The screenshots each row of a snapshot's data files names, read back from the files as a
// trainer reads them (every profile in lib/exports/profiles): a path (relative to the snapshot
// directory in copy mode, absolute in absolute mode) or the bytes themselves (embed mode).
// Rows are read a page at a time, so a data file never has to fit in memory.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } from "hyparquet";

export type RowImageRef = { dataFile: string; rowId: string } & ({ path: string } | { bytes: Uint8Array; name: string | null });

const PAGE = 1000;

// The data files of a snapshot: its rows, not its changes list nor its images.
export const isDataFile = (name: string) => !name.includes("/") && name !== "changes.jsonl" && (name.endsWith(".jsonl") || name.endsWith(".parquet"));

function refsOf(dataFile: string, row: Record<string, unknown>, index: number): RowImageRef[] {
  const extra = row.extra_info as { id?: unknown } | undefined;
  const rowId = typeof row.id === "string" ? row.id : typeof extra?.id === "string" ? extra.id : `row ${index + 1}`;
  const images = Array.isArray(row.images) ? row.images : [];
  return images.flatMap((image): RowImageRef[] => {
    if (typeof image === "string") return [{ dataFile, rowId, path: image }];
    const item = image as { image?: unknown; bytes?: unknown; path?: unknown } | null;
    if (typeof item?.image === "string") return [{ dataFile, rowId, path: item.image }];
    if (item?.bytes instanceof Uint8Array) return [{ dataFile, rowId, bytes: item.bytes, name: typeof item.path === "string" ? item.path : null }];
    return [];
  });
}

async function* jsonlRows(file: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== "") yield JSON.parse(line) as Record<string, unknown>;
}

async function* parquetRows(file: string): AsyncGenerator<Record<string, unknown>> {
  const buffer = await asyncBufferFromFile(file);
  const metadata = await parquetMetadataAsync(buffer);
  const present = new Set(parquetSchema(metadata).children.map((c) => c.element.name));
  const columns = ["id", "images", "extra_info"].filter((c) => present.has(c));
  const total = Number(metadata.num_rows);
  for (let start = 0; start < total; start += PAGE) {
    // utf8: false, as pyarrow reads it: only UTF8-annotated columns are text, raw bytes stay bytes.
    const rows = await parquetReadObjects({ file: buffer, metadata, columns, rowStart: start, rowEnd: Math.min(total, start + PAGE), utf8: false });
    for (const row of rows) yield row as Record<string, unknown>;
  }
}

/** Every image reference of one data file (`name` as the manifest lists it, `file` its path), row by row. */
export async function* rowImageRefs(name: string, file: string): AsyncGenerator<RowImageRef> {
  let index = 0;
  for await (const row of name.endsWith(".parquet") ? parquetRows(file) : jsonlRows(file)) {
    yield* refsOf(name, row, index);
    index += 1;
  }
}
