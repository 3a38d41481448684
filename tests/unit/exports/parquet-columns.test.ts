// The streamed parquet every parquet profile writes (row group by row group, so an export of
// embedded screenshots never holds the whole file): it reads back as the same rows in order,
// split where the row or byte budget says, with native nested columns (a chat list is a LIST
// of structs, not a JSON string), and a pool with no rows is still a valid file.
import { parquetMetadata, parquetReadObjects, parquetSchema as readSchema } from "hyparquet";
import { describe, expect, it } from "vitest";
import { parquetChunks, type Column, type ParquetRows } from "@/lib/exports/encode/parquet-columns";

const columns: Column[] = [
  { name: "id", type: "string" },
  { name: "prompt", type: "list", element: { name: "element", type: "struct", fields: [{ name: "role", type: "string" }, { name: "content", type: "string" }] } },
  { name: "images", type: "list", element: { name: "element", type: "struct", fields: [{ name: "bytes", type: "binary" }] } },
  { name: "score", type: "double", optional: true },
];

const row = (i: number) => ({ id: `r${i}`, prompt: [{ role: "user", content: `<image>row ${i}` }], images: [{ bytes: Buffer.from(`png ${i}`) }], score: i % 3 ? i / 2 : null });

async function* pages(rows: Record<string, unknown>[], size: number, bytesPerRow = 0): AsyncGenerator<ParquetRows> {
  for (let i = 0; i < rows.length; i += size) yield { rows: rows.slice(i, i + size), bytes: rows.slice(i, i + size).length * bytesPerRow };
}

async function file(chunks: AsyncIterable<Buffer>) {
  const all: Buffer[] = [];
  for await (const c of chunks) all.push(c);
  const b = Buffer.concat(all);
  return { count: all.length, buffer: b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer };
}

describe("parquetChunks", () => {
  it("reads back every row in order, one chunk per row group of the given size, then the footer", async () => {
    const rows = Array.from({ length: 23 }, (_, i) => row(i));
    const { count, buffer } = await file(parquetChunks(columns, pages(rows, 4), { rowGroupRows: 10 }));
    expect(count).toBe(4);
    expect(parquetMetadata(buffer).row_groups.map((g) => Number(g.num_rows))).toEqual([10, 10, 3]);
    const back = await parquetReadObjects({ file: buffer, utf8: false });
    // utf8: false as pyarrow reads it: the UTF8-annotated column is text, the raw one bytes.
    expect(back.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(back.map((r) => r.score)).toEqual(rows.map((r) => r.score));
    expect(Buffer.from((back[7]!.images as { bytes: Uint8Array }[])[0]!.bytes).toString()).toBe("png 7");
  });

  it("flushes a row group early when its image bytes reach the byte budget", async () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(i));
    const { buffer } = await file(parquetChunks(columns, pages(rows, 2, 100), { rowGroupRows: 100, rowGroupBytes: 400 }));
    expect(parquetMetadata(buffer).row_groups.map((g) => Number(g.num_rows))).toEqual([4, 2]);
  });

  it("writes lists as the 3-level LIST layout, and strings as UTF8", async () => {
    const { buffer } = await file(parquetChunks(columns, pages([row(0)], 1)));
    const top = readSchema(parquetMetadata(buffer)).children.map((c) => [c.element.name, c.element.converted_type ?? c.element.type]);
    expect(top).toEqual([["id", "UTF8"], ["prompt", "LIST"], ["images", "LIST"], ["score", "DOUBLE"]]);
    const prompt = readSchema(parquetMetadata(buffer)).children[1]!;
    expect(prompt.children[0]!.element).toMatchObject({ name: "list", repetition_type: "REPEATED" });
  });

  it("writes a valid empty file when there are no rows", async () => {
    const { buffer } = await file(parquetChunks(columns, pages([], 4)));
    expect(await parquetReadObjects({ file: buffer })).toEqual([]);
  });
});
