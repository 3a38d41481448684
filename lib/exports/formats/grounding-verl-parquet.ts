// Writes verl grounding rows (grounding-verl.ts) as parquet with hyparquet-writer.
// hyparquet-writer 0.17 writes nested columns when given an explicit schema (Dremel levels),
// so `prompt` and `images` are list<struct>, `reward_model` and `extra_info` are structs:
// exactly what `datasets.load_dataset("parquet")` / pandas hand verl as lists of dicts and
// dicts. No column is stored as a JSON string. Lists use the standard 3-level LIST layout
// (<col> LIST / list REPEATED / element), which pyarrow reads as list<item: struct<...>>.
// Exports stream it (verlParquetChunks): the library encodes one row group at a time into a
// buffer that is handed on and emptied, so memory holds one row group, never the file.
import "server-only";
import { writeFile } from "node:fs/promises";
import { ByteWriter, ParquetWriter, parquetWriteBuffer } from "hyparquet-writer";
import type { VerlGroundingRow } from "@/lib/exports/formats/grounding-verl";

type ParquetSchema = NonNullable<Parameters<typeof parquetWriteBuffer>[0]["schema"]>;

const text = (name: string) =>
  ({ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "REQUIRED" }) as const;

// Order matters: a parquet schema is a depth-first flattening, children after their parent.
const VERL_GROUNDING_SCHEMA: ParquetSchema = [
  { name: "root", num_children: 6 },
  text("data_source"),
  { name: "prompt", repetition_type: "REQUIRED", converted_type: "LIST", num_children: 1 },
  { name: "list", repetition_type: "REPEATED", num_children: 1 },
  { name: "element", repetition_type: "REQUIRED", num_children: 2 },
  text("role"),
  text("content"),
  { name: "images", repetition_type: "REQUIRED", converted_type: "LIST", num_children: 1 },
  { name: "list", repetition_type: "REPEATED", num_children: 1 },
  { name: "element", repetition_type: "REQUIRED", num_children: 1 },
  text("image"),
  text("ability"),
  { name: "reward_model", repetition_type: "REQUIRED", num_children: 2 },
  text("style"),
  text("ground_truth"),
  { name: "extra_info", repetition_type: "REQUIRED", num_children: 5 },
  // INT32, not INT64: readers hand INT64 back as BigInt, and a row index never needs it.
  { name: "index", type: "INT32", repetition_type: "REQUIRED" },
  text("id"),
  text("source"),
  { name: "quality_score", type: "DOUBLE", repetition_type: "OPTIONAL" },
  text("original_instruction"),
];

function columnData(rows: readonly VerlGroundingRow[]) {
  const column = <K extends keyof VerlGroundingRow>(name: K) => ({ name, data: rows.map((r) => r[name]) });
  return [column("data_source"), column("prompt"), column("images"), column("ability"), column("reward_model"), column("extra_info")];
}

export function verlParquetBuffer(rows: readonly VerlGroundingRow[]): Buffer {
  return Buffer.from(parquetWriteBuffer({ schema: VERL_GROUNDING_SCHEMA, columnData: columnData(rows) }));
}

// Row groups of this many rows: large enough for readers' efficiency, small enough that one
// group's columns (the only thing buffered) stay a few tens of MB.
export const VERL_ROW_GROUP_ROWS = 10_000;

function drain(writer: ByteWriter): Buffer {
  const bytes = Buffer.from(writer.getBytes());
  // The writer addresses the file by `offset` (kept); `index` is only its buffer position.
  writer.index = 0;
  return bytes;
}

/** The parquet file's bytes, chunk by chunk, from batches of rows in file order. */
export async function* verlParquetChunks(batches: AsyncIterable<readonly VerlGroundingRow[]>, rowGroupRows = VERL_ROW_GROUP_ROWS): AsyncGenerator<Buffer> {
  const writer = new ByteWriter();
  const parquet = new ParquetWriter({ writer, schema: VERL_GROUNDING_SCHEMA });
  let pending: VerlGroundingRow[] = [];
  // One row group of exactly `rows` rows (the last may be smaller); the PAR1 header written
  // at construction travels with the first.
  const flush = (rows: number) => {
    parquet.write({ columnData: columnData(pending.slice(0, rows)), rowGroupSize: rows });
    pending = pending.slice(rows);
    return drain(writer);
  };
  for await (const batch of batches) {
    pending.push(...batch);
    while (pending.length >= rowGroupRows) yield flush(rowGroupRows);
  }
  if (pending.length > 0) yield flush(pending.length);
  parquet.finish();
  yield drain(writer);
}

export async function writeVerlParquet(rows: readonly VerlGroundingRow[], filePath: string): Promise<void> {
  await writeFile(filePath, verlParquetBuffer(rows));
}
