import "server-only";
// Mid-training pools: the verified samples split by the tier of their EFFECTIVE quality score
// (sample.qualityScore: latest accepted override, else the judge, else the reviewer's score),
// with the project's thresholds:
//   gold.jsonl     score >= goldMin
//   rewrite.jsonl  rewriteMin <= score < goldMin, asked with the rewritten instruction (the
//                  original beside it); a rewrite-tier sample nobody rewrote yet is counted
//                  as rewrite_pending and left out, as midTrainingSplit decides
//   discard.json   the ids below rewriteMin (no image or answer needed to list a drop)
// Each file is its own pass over the window, filtered by score in SQL, so the three files
// stream one after the other; midTrainingSplit still routes every row (one rule, one place).
import { qualityTier } from "@/lib/domain/tiers";
import { count, jsonlChunk, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { countVerified, recordSources, toVerifiedSample } from "@/lib/exports/build/sample-rows";
import type { VerifiedSample } from "@/lib/exports/export-types";
import { midTrainingSplit } from "@/lib/exports/formats/mid-training";
import { verifiedSampleBatches, type ScoreFilter } from "@/lib/exports/read/verified-samples";

export const MID_TRAINING_FILES = { gold: "gold.jsonl", rewrite: "rewrite.jsonl", discard: "discard.json" } as const;

function pages(ctx: ExportContext, score: ScoreFilter) {
  return verifiedSampleBatches(ctx.reader, ctx.projectId, { window: ctx.window, limit: ctx.pageSize, score });
}

async function* trainingTier(ctx: ExportContext, tier: "gold" | "rewrite"): AsyncGenerator<string> {
  const { goldMin, rewriteMin } = ctx.projectSettings.tiers;
  const score: ScoreFilter = tier === "gold" ? { min: goldMin } : { min: rewriteMin, below: goldMin };
  for await (const page of pages(ctx, score)) {
    const usable: { sample: VerifiedSample; record: (typeof page)[number] }[] = [];
    for (const record of page) {
      const sample = toVerifiedSample(ctx, record);
      if (sample) usable.push({ sample, record });
    }
    const split = midTrainingSplit(usable.map((u) => u.sample), ctx.projectSettings.tiers);
    const rows = tier === "gold" ? split.gold : split.rewrite;
    const written = new Set(rows.map((r) => r.id));
    for (const u of usable) if (written.has(u.sample.id)) recordSources(ctx, u.record);
    count(ctx.tally, MID_TRAINING_FILES[tier], rows.length);
    count(ctx.tally, `tier:${tier}`, rows.length);
    count(ctx.tally, "rewrite_pending", split.rewritePending.length);
    ctx.tally.rows += rows.length;
    if (rows.length > 0) yield jsonlChunk(rows);
    await ctx.onItems(page.length);
  }
}

// A JSON array streamed as `[\n"id",\n"id"\n]\n`: valid JSON whatever the number of ids.
async function* discardList(ctx: ExportContext): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const page of pages(ctx, { below: ctx.projectSettings.tiers.rewriteMin })) {
    const ids = page.filter((r) => r.qualityScore !== null && qualityTier(r.qualityScore, ctx.projectSettings.tiers) === "discard").map((r) => r.id);
    for (const record of page) recordSources(ctx, record);
    count(ctx.tally, MID_TRAINING_FILES.discard, ids.length);
    count(ctx.tally, "tier:discard", ids.length);
    if (ids.length > 0) {
      yield `${first ? "" : ","}\n${ids.map((id) => JSON.stringify(id)).join(",\n")}`;
      first = false;
    }
    await ctx.onItems(page.length);
  }
  yield "\n]\n";
}

export const midTrainingBuilder: ExportBuilder = {
  total: (ctx) => countVerified(ctx.reader, "GroundingSample", ctx.projectId, ctx.window, `AND "qualityScore" IS NOT NULL`),
  async *files(ctx) {
    const unscored = await countVerified(ctx.reader, "GroundingSample", ctx.projectId, ctx.window, `AND "qualityScore" IS NULL`);
    count(ctx.tally, "tier:unscored", unscored);
    yield { name: MID_TRAINING_FILES.gold, content: trainingTier(ctx, "gold") };
    yield { name: MID_TRAINING_FILES.rewrite, content: trainingTier(ctx, "rewrite") };
    yield { name: MID_TRAINING_FILES.discard, content: discardList(ctx) };
    yield* ctx.images.files();
  },
};
