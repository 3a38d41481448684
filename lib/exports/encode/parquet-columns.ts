import "server-only";
// A small typed description of a parquet file's columns, turned into the flattened parquet
// schema hyparquet-writer takes (children after their parent, Dremel levels from repetition),
// and streamed as row groups. Lists use the 3-level LIST layout (<col> LIST / list REPEATED /
// <element>), which pyarrow reads as list<element-name: ...>; the element's name is given
// because Hugging Face datasets only trusts its feature metadata when the file's arrow type
// equals the feature's own (list<item: ...>, every field nullable): features.py
// Features.from_arrow_schema at huggingface/datasets@b7cb10b src/datasets/features/features.py:1966-1980.
// Memory: one row group's columns; a group is flushed at `rowGroupRows` rows or `rowGroupBytes`
// of image bytes, whichever comes first (embedded screenshots are large).
import { ByteWriter, ParquetWriter, type parquetWriteBuffer } from "hyparquet-writer";

type ParquetSchema = NonNullable<Parameters<typeof parquetWriteBuffer>[0]["schema"]>;

export type Column =
  | { name: string; type: "string" | "binary" | "int32" | "double" | "boolean"; optional?: boolean }
  | { name: string; type: "struct"; fields: Column[]; optional?: boolean }
  | { name: string; type: "list"; element: Column; optional?: boolean };

const PRIMITIVE = {
  string: { type: "BYTE_ARRAY", converted_type: "UTF8" },
  binary: { type: "BYTE_ARRAY" },
  int32: { type: "INT32" },
  double: { type: "DOUBLE" },
  boolean: { type: "BOOLEAN" },
} as const;

function flatten(column: Column, out: ParquetSchema): void {
  const repetition_type = column.optional ? "OPTIONAL" : "REQUIRED";
  if (column.type === "struct") {
    out.push({ name: column.name, repetition_type, num_children: column.fields.length });
    for (const f of column.fields) flatten(f, out);
  } else if (column.type === "list") {
    out.push({ name: column.name, repetition_type, converted_type: "LIST", num_children: 1 });
    out.push({ name: "list", repetition_type: "REPEATED", num_children: 1 });
    flatten(column.element, out);
  } else {
    out.push({ name: column.name, repetition_type, ...PRIMITIVE[column.type] } as ParquetSchema[number]);
  }
}

export function parquetSchema(columns: readonly Column[]): ParquetSchema {
  const out: ParquetSchema = [{ name: "root", num_children: columns.length }];
  for (const c of columns) flatten(c, out);
  return out;
}

export const ROW_GROUP_ROWS = 10_000;
export const ROW_GROUP_BYTES = 64 * 1024 * 1024;

export type ParquetRows = { rows: Record<string, unknown>[]; bytes: number };

function drain(writer: ByteWriter): Buffer {
  const bytes = Buffer.from(writer.getBytes());
  // The writer addresses the file by `offset` (kept); `index` is only its buffer position.
  writer.index = 0;
  return bytes;
}

/** The parquet file's bytes, chunk by chunk, from pages of rows (in file order). */
export async function* parquetChunks(
  columns: readonly Column[],
  pages: AsyncIterable<ParquetRows>,
  options: { kvMetadata?: { key: string; value: string }[]; rowGroupRows?: number; rowGroupBytes?: number } = {},
): AsyncGenerator<Buffer> {
  const writer = new ByteWriter();
  const parquet = new ParquetWriter({ writer, schema: parquetSchema(columns), kvMetadata: options.kvMetadata });
  const maxRows = options.rowGroupRows ?? ROW_GROUP_ROWS;
  const maxBytes = options.rowGroupBytes ?? ROW_GROUP_BYTES;
  let pending: Record<string, unknown>[] = [];
  let pendingBytes = 0;
  const flush = () => {
    const columnData = columns.map((c) => ({ name: c.name, data: pending.map((r) => r[c.name] ?? null) }));
    parquet.write({ columnData, rowGroupSize: pending.length });
    pending = [];
    pendingBytes = 0;
    return drain(writer);
  };
  for await (const page of pages) {
    for (const row of page.rows) pending.push(row);
    pendingBytes += page.bytes;
    while (pending.length >= maxRows) {
      const rest = pending.slice(maxRows);
      pending = pending.slice(0, maxRows);
      yield flush();
      pending = rest;
    }
    if (pending.length > 0 && pendingBytes >= maxBytes) yield flush();
  }
  if (pending.length > 0) yield flush();
  parquet.finish();
  yield drain(writer);
}
