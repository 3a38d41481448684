// The streamed verl parquet (exports write it row group by row group) reads back as the same
// rows as the one-buffer writer, split into row groups of the requested size.
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { describe, expect, it } from "vitest";
import { verlGroundingRows } from "@/lib/exports/formats/grounding-verl";
import { verlParquetBuffer, verlParquetChunks } from "@/lib/exports/formats/grounding-verl-parquet";
import { sample } from "./export-fixtures";

async function* pages<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;

describe("verl parquet, streamed", () => {
  it("reads back every row in order, in row groups of the given size, each chunk handed on as it is encoded", async () => {
    const samples = Array.from({ length: 23 }, (_, i) => sample({ id: `s${i}`, targetAbsent: i % 5 === 0, box: i % 5 === 0 ? null : [i, i, i + 40, i + 30], qualityScore: i % 3 ? i % 11 : null }));
    const rows = verlGroundingRows(samples);
    const chunks: Buffer[] = [];
    for await (const chunk of verlParquetChunks(pages(rows, 4), 10)) chunks.push(chunk);
    // One chunk per row group (10, 10, 3 rows; the header rides with the first), then the footer.
    expect(chunks).toHaveLength(4);
    const file = arrayBufferOf(Buffer.concat(chunks));
    expect(parquetMetadata(file).row_groups.map((g) => Number(g.num_rows))).toEqual([10, 10, 3]);
    const streamed = await parquetReadObjects({ file });
    const buffered = await parquetReadObjects({ file: arrayBufferOf(verlParquetBuffer(rows)) });
    expect(streamed).toEqual(buffered);
    expect(streamed.map((r) => (r.extra_info as { id: string }).id)).toEqual(samples.map((s) => s.id));
  });

  it("writes a valid empty file when nothing was verified", async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of verlParquetChunks(pages([], 4))) chunks.push(chunk);
    expect(await parquetReadObjects({ file: arrayBufferOf(Buffer.concat(chunks)) })).toEqual([]);
  });
});
