import "server-only";
// Offline-RL grounding pools: one row per verified sample, as ms-swift/EasyR1 JSONL
// (grounding.jsonl) or verl parquet (grounding.parquet), then the snapshot's images.
// Counts: rows per file, per tier of the effective score (tier:unscored when none), per source.
import { count, jsonlChunk, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { countVerified, recordSources, toVerifiedSample } from "@/lib/exports/build/sample-rows";
import type { VerifiedSample } from "@/lib/exports/export-types";
import { swiftGroundingRows } from "@/lib/exports/formats/grounding-swift";
import { DEFAULT_VERL_DATA_SOURCE, verlGroundingRows, type VerlGroundingRow } from "@/lib/exports/formats/grounding-verl";
import { verlParquetChunks } from "@/lib/exports/formats/grounding-verl-parquet";
import { verifiedSampleBatches } from "@/lib/exports/read/verified-samples";

export const GROUNDING_FILES = { swift_jsonl: "grounding.jsonl", verl_parquet: "grounding.parquet" } as const;

async function* writtenSamples(ctx: ExportContext, file: string): AsyncGenerator<VerifiedSample[]> {
  for await (const page of verifiedSampleBatches(ctx.reader, ctx.projectId, { window: ctx.window, limit: ctx.pageSize })) {
    const rows: VerifiedSample[] = [];
    for (const record of page) {
      const sample = toVerifiedSample(ctx, record);
      if (!sample) continue;
      rows.push(sample);
      recordSources(ctx, record);
      count(ctx.tally, `tier:${sample.qualityTier ?? "unscored"}`);
    }
    count(ctx.tally, file, rows.length);
    ctx.tally.rows += rows.length;
    yield rows;
    await ctx.onItems(page.length);
  }
}

async function* swiftChunks(ctx: ExportContext): AsyncGenerator<string> {
  for await (const samples of writtenSamples(ctx, GROUNDING_FILES.swift_jsonl)) {
    if (samples.length > 0) yield jsonlChunk(swiftGroundingRows(samples));
  }
}

async function* verlPages(ctx: ExportContext): AsyncGenerator<VerlGroundingRow[]> {
  const dataSource = ctx.settings.dataSource ?? DEFAULT_VERL_DATA_SOURCE;
  let index = 0;
  for await (const samples of writtenSamples(ctx, GROUNDING_FILES.verl_parquet)) {
    // extra_info.index is the row's position in the whole file, not in its page.
    const rows = verlGroundingRows(samples, dataSource).map((row) => ({ ...row, extra_info: { ...row.extra_info, index: index++ } }));
    yield rows;
  }
}

export const groundingBuilder: ExportBuilder = {
  total: (ctx) => countVerified(ctx.reader, "GroundingSample", ctx.projectId, ctx.window),
  async *files(ctx) {
    if (ctx.format === "verl_parquet") yield { name: GROUNDING_FILES.verl_parquet, content: verlParquetChunks(verlPages(ctx)) };
    else yield { name: GROUNDING_FILES.swift_jsonl, content: swiftChunks(ctx) };
    yield* ctx.images.files();
  },
};
