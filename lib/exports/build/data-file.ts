import "server-only";
// Pages of TrainingRows -> one data file of the pool's profile. Each row is recorded as it
// goes out: in the ledger (for changes.jsonl), in the tally (rows per file, tier, source,
// app, model; the revisions and overrides the manifest lists; its screenshots' tokens), then shaped by the profile and
// encoded as JSON lines or parquet. A dry run (the pools screen's diff) records and stops there.
import { count, jsonlChunk, type ExportContext } from "@/lib/exports/build/export-context";
import { tallyRowTokens } from "@/lib/exports/build/token-tally";
import { parquetChunks, type ParquetRows } from "@/lib/exports/encode/parquet-columns";
import { rowHash, type TrainingRow } from "@/lib/exports/rows/training-row";
import type { DataFile } from "@/lib/exports/profiles/profile-types";
import type { StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";

export type RowPages = AsyncIterable<TrainingRow[]>;

function embeddedBytes(shaped: Record<string, unknown>): number {
  const images = shaped.images;
  if (!Array.isArray(images)) return 0;
  return images.reduce((n: number, i) => n + ((i as { bytes?: Buffer }).bytes?.length ?? 0), 0);
}

/** Counts a written row under the facts the manifest breaks rows down by. */
export function tallyRow(ctx: ExportContext, file: string, row: TrainingRow, facts = true): void {
  ctx.tally.rows += 1;
  count(ctx.tally, file);
  ctx.tally.revisionIds.push(...row.revisionIds);
  ctx.tally.overrideIds.push(...row.overrideIds);
  if (!facts) return;
  const m = row.meta;
  if (typeof m.source === "string") count(ctx.tally, `source:${m.source}`);
  if (typeof m.app === "string") count(ctx.tally, `app:${m.app}`);
  if (typeof m.model === "string") count(ctx.tally, `model:${m.model}`);
  if ("quality_tier" in m) count(ctx.tally, `tier:${(m.quality_tier as string | null) ?? "unscored"}`);
}

async function* shaped(ctx: ExportContext, file: DataFile, pages: RowPages): AsyncGenerator<ParquetRows> {
  let index = 0;
  for await (const rows of pages) {
    const out: Record<string, unknown>[] = [];
    let bytes = 0;
    for (const row of rows) {
      await ctx.ledger.add({ file: file.name, rowKey: row.key, rowHash: rowHash(row), itemId: row.itemId });
      tallyRow(ctx, file.name, row);
      tallyRowTokens(ctx.tally.tokens, row);
      if (ctx.dryRun) continue;
      const s = await ctx.profile!.shape(row, ctx.shape, index++);
      bytes += embeddedBytes(s);
      out.push(s);
    }
    yield { rows: out, bytes };
  }
}

async function* jsonl(pages: AsyncIterable<ParquetRows>): AsyncGenerator<string> {
  for await (const page of pages) if (page.rows.length > 0) yield jsonlChunk(page.rows);
}

/** The logical file as the profile names and encodes it; its rows stream while it is written. */
export function dataFile(ctx: ExportContext, logical: string, pages: RowPages): StreamedSnapshotFile {
  const file = ctx.profile!.dataFile(logical, ctx.images.mode);
  ctx.dataFiles.push(file);
  const rows = shaped(ctx, file, pages);
  if (ctx.dryRun) return { name: file.name, content: drain(rows) };
  const columns = ctx.profile!.columns?.(file, ctx.shape);
  const content = file.encoding === "parquet" ? parquetChunks(columns!, rows, { kvMetadata: ctx.profile!.kvMetadata?.(file, ctx.shape) }) : jsonl(rows);
  return { name: file.name, content };
}

async function* drain(pages: AsyncIterable<ParquetRows>): AsyncGenerator<string> {
  for await (const _page of pages) yield "";
}

/** A profile-independent file whose rows are still recorded (a discard list, a table); `facts`: count its source, tier... */
export async function recordPlainRow(ctx: ExportContext, file: string, row: TrainingRow, facts = true): Promise<void> {
  await ctx.ledger.add({ file, rowKey: row.key, rowHash: rowHash(row), itemId: row.itemId });
  tallyRow(ctx, file, row, facts);
}
