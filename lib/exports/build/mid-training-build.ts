import "server-only";
// Mid-training pools (UI-Venus-1.5 data refinement): the pool's verified samples split by the
// STORED tier of their effective quality score (qualityTier, lib/domain/derive-sample.ts; never
// recomputed here), each tier its own pass in id order:
//   gold      conversations asking the final instruction (the rewrite when there is one)
//   rewrite   only samples a reviewer rewrote: the rewritten instruction is what trains; one
//             still waiting for its rewrite is counted (rewrite_pending), not written
//   discard   discard.json, the ids (nothing to train on, kept so the drop is auditable)
// Samples never scored go nowhere and are counted (skipped:unscored).
import { count, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { dataFile, recordPlainRow } from "@/lib/exports/build/data-file";
import { groundingPages } from "@/lib/exports/build/grounding-build";
import { countPoolSamples } from "@/lib/exports/build/pool-counts";
import { poolSampleBatches } from "@/lib/exports/read/verified-samples";
import type { StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";

export const DISCARD_FILE = "discard.json";

// A JSON array streamed as `[\n"id",\n"id"\n]\n`: valid JSON whatever the number of ids.
async function* discardList(ctx: ExportContext): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const page of poolSampleBatches(ctx.reader, ctx.projectId, { until: ctx.until, limit: ctx.pageSize, filters: ctx.filters, tiers: ["discard"] })) {
    for (const record of page) {
      if (!record.answer) {
        count(ctx.tally, "skipped:no_final_answer");
        continue;
      }
      await recordPlainRow(ctx, DISCARD_FILE, { key: record.id, itemId: record.id, file: "discard", turns: [], images: [], groundTruth: null, meta: { id: record.id, source: record.sourceDataset, app: record.app, quality_tier: record.qualityTier }, revisionIds: [record.answer.revisionId], overrideIds: [...record.overrideIds] });
      yield `${first ? "" : ","}\n${JSON.stringify(record.id)}`;
      first = false;
    }
    await ctx.onItems(page.length);
  }
  yield "\n]\n";
}

export const midTrainingBuilder: ExportBuilder = {
  total: (ctx) => countPoolSamples(ctx, ` AND s."qualityTier" IS NOT NULL`),
  async *files(ctx): AsyncGenerator<StreamedSnapshotFile> {
    count(ctx.tally, "skipped:unscored", await countPoolSamples(ctx, ` AND s."qualityTier" IS NULL`));
    const pending = await countPoolSamples(ctx, ` AND s."qualityTier" = 'rewrite' AND s."instructionRewrite" IS NULL`);
    count(ctx.tally, "rewrite_pending", pending);
    yield dataFile(ctx, "gold", groundingPages(ctx, "gold", { tiers: ["gold"] }));
    yield dataFile(ctx, "rewrite", groundingPages(ctx, "rewrite", { tiers: ["rewrite"], rewrittenOnly: true }));
    yield { name: DISCARD_FILE, content: discardList(ctx) };
  },
};
