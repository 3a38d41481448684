import "server-only";
// Offline-RL grounding pools: one row per verified sample of the pool (its filters applied),
// in the profile's layout, then the snapshot's images. Counts: rows per file, per stored tier
// (tier:unscored when none), per source and app; what could not make a row under skipped:*.
import { count, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { dataFile } from "@/lib/exports/build/data-file";
import { countPoolSamples } from "@/lib/exports/build/pool-counts";
import { poolSampleBatches } from "@/lib/exports/read/verified-samples";
import { groundingRow } from "@/lib/exports/rows/grounding-rows";
import type { TrainingRow } from "@/lib/exports/rows/training-row";

export async function* groundingPages(ctx: ExportContext, file: string, only: { tiers?: readonly ("gold" | "rewrite" | "discard" | null)[]; rewrittenOnly?: boolean } = {}): AsyncGenerator<TrainingRow[]> {
  for await (const page of poolSampleBatches(ctx.reader, ctx.projectId, { until: ctx.until, limit: ctx.pageSize, filters: ctx.filters, ...only })) {
    const rows: TrainingRow[] = [];
    for (const record of page) {
      const row = groundingRow(record, ctx.style, file, (key, n) => count(ctx.tally, key, n));
      if (row) rows.push(row);
    }
    yield rows;
    await ctx.onItems(page.length);
  }
}

export const groundingBuilder: ExportBuilder = {
  total: (ctx) => countPoolSamples(ctx),
  async *files(ctx) {
    yield dataFile(ctx, "grounding", groundingPages(ctx, "grounding"));
  },
};
