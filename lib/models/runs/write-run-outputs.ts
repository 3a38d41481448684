import "server-only";
// Writes one batch of a run's finished items: the outputs where
// imported ones go (predictions by (sample, model), verdicts by identity, both with revisions),
// each item's status, and the run's counts, in one transaction (the replies into the cache
// right after); the items written are marked stale there and derived right after, as an import
// batch's are. Nothing here touches an
// answer, a final answer or an override: a changed verdict under an override is flagged by the
// derivation, and counted in the run's report.
import type { Db } from "@/lib/db";
import { lookupInChunks } from "@/lib/db/key-lookup";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { markSamplesStale, markTrajectoriesStale } from "@/lib/derived/mark-stale";
import { rederiveStale } from "@/lib/derived/rederive-stale";
import { writePredictionRows, type PredictionRow } from "@/lib/predictions/write-prediction-rows";
import { verdictRow, writeVerdicts } from "@/lib/verdicts/write-verdicts";
import type { ItemOutcome } from "@/lib/models/runs/item-outcome";
import type { CachedReply } from "@/lib/models/runs/reply-cache";
import { runPromptVersion } from "@/lib/models/runs/run-tasks";

export type RunForWrite = { id: string; projectId: string; task: string; outputName: string; templateId: string; templateVersion: number };

export type FinishedItem =
  | { itemId: string; sampleId: string | null; trajectoryId: string | null; status: "done"; outcome: ItemOutcome; replies: Prisma.InputJsonValue; rawOutput: string }
  | { itemId: string; sampleId: string | null; trajectoryId: string | null; status: "failed"; errorKind: string; error: string; replies: Prisma.InputJsonValue | null };

export type NewCacheEntry = { key: string; reply: CachedReply };
export type BatchCounts = { requests: number; cacheHits: number; promptTokens: number; completionTokens: number };
export type BatchOutcome = { written: number; changedUnderOverride: number };

export async function writeRunOutputs(db: Db, run: RunForWrite, items: FinishedItem[], cache: NewCacheEntry[], counts: BatchCounts): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { written: 0, changedUnderOverride: 0 };
  const now = new Date();
  await db.$transaction(
    async (tx) => {
      const done = items.filter((i): i is Extract<FinishedItem, { status: "done" }> => i.status === "done");
      if (run.task === "grounding") {
        const rows: PredictionRow[] = done.flatMap((item) => {
          const p = item.outcome.prediction;
          if (!p || !item.sampleId) return [];
          const extra = { modelRun: run.id, template: runPromptVersion(run.templateId, run.templateVersion), agreement: item.outcome.agreement, ...(p.box ? { box: p.box } : {}), ...(p.problem ? { problem: p.problem } : {}) };
          return [{ sampleId: item.sampleId, model: run.outputName, kind: p.kind, x: p.x, y: p.y, rawOutput: item.rawOutput, sourceCorrectness: null, runId: null, extra }];
        });
        outcome.written += (await writePredictionRows(tx, run.projectId, rows, now)).samples.size;
      } else if (run.task === "quality") {
        const rows = done.flatMap((item) => {
          const q = item.outcome.score;
          if (!q || !item.sampleId) return [];
          return [verdictRow(run.projectId, { sampleId: item.sampleId }, {
            kind: "mllm", judgeName: run.outputName, promptVersion: runPromptVersion(run.templateId, run.templateVersion), metric: "quality_score",
            valueScore: q.score, rationale: q.reasons, rawOutput: q.raw, proposedRewrite: q.rewrite,
          })];
        });
        const written = await writeVerdicts(tx, run.projectId, rows, now);
        outcome.written += written.added + written.revised;
        outcome.changedUnderOverride += written.changedUnderOverride.length;
        await markSamplesStale(tx, rows.map((r) => r.sampleId!));
      } else {
        // outcome_judge and trajectory_judge (WebJudge): a trajectory's trace_success verdict.
        const rows = done.flatMap((item) => {
          const v = item.outcome.verdict;
          if (!v || !item.trajectoryId) return [];
          return [verdictRow(run.projectId, { trajectoryId: item.trajectoryId }, {
            kind: "mllm", judgeName: run.outputName, promptVersion: runPromptVersion(run.templateId, run.templateVersion), metric: "trace_success",
            valueBool: v.success, rationale: v.rationale, rawOutput: v.raw,
          })];
        });
        const written = await writeVerdicts(tx, run.projectId, rows, now);
        outcome.written += written.added + written.revised;
        outcome.changedUnderOverride += written.changedUnderOverride.length;
        await markTrajectoriesStale(tx, rows.map((r) => r.trajectoryId!));
      }
      // Each item's row is written anew (delete, then one insert of the batch): one statement
      // per item was most of a batch's write time.
      if (items.length) {
        const ordinals = new Map((await tx.modelRunItem.findMany({ where: { id: { in: items.map((i) => i.itemId) } }, select: { id: true, ordinal: true } })).map((r) => [r.id, r.ordinal]));
        await tx.modelRunItem.deleteMany({ where: { id: { in: items.map((i) => i.itemId) } } });
        await tx.modelRunItem.createMany({
          data: items.map((item) => ({
            id: item.itemId, runId: run.id, ordinal: ordinals.get(item.itemId)!, sampleId: item.sampleId, trajectoryId: item.trajectoryId,
            ...(item.status === "done"
              ? { status: "done", outcome: item.outcome.outcome, agreement: item.outcome.agreement, replies: item.replies }
              : { status: "failed", errorKind: item.errorKind, error: item.error.slice(0, 2000), ...(item.replies ? { replies: item.replies } : {}) }),
          })),
        });
      }
      await tx.modelRun.update({
        where: { id: run.id },
        data: {
          done: { increment: done.length }, failed: { increment: items.length - done.length },
          requests: { increment: counts.requests }, cacheHits: { increment: counts.cacheHits },
          promptTokens: { increment: counts.promptTokens }, completionTokens: { increment: counts.completionTokens },
        },
      });
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
  await storeReplies(db, run.projectId, cache);
  // Derive what this batch wrote (bounded: a recompute job picks up anything left).
  await rederiveStale(db, run.projectId, { maxItems: Math.max(64, items.length * 2) });
  return outcome;
}

// The replies, kept apart from the outputs' transaction: another worker sending the very same
// request at the same moment may store the same key first, which must not undo the outputs.
// Also the whole write of a page whose run was cancelled while its requests were out.
export async function storeReplies(db: Db, projectId: string, cache: NewCacheEntry[]): Promise<void> {
  if (cache.length === 0) return;
  const entries = [...new Map(cache.map((e) => [e.key, e])).values()];
  const known = new Set((await lookupInChunks(entries.map((e) => e.key), (keys) => db.modelReplyCache.findMany({ where: { key: { in: keys } }, select: { key: true } }))).map((r) => r.key));
  const fresh = entries.filter((e) => !known.has(e.key));
  try {
    await db.modelReplyCache.createMany({ data: fresh.map((e) => ({ key: e.key, projectId, ...e.reply })) });
  } catch {
    for (const e of fresh) await db.modelReplyCache.upsert({ where: { key: e.key }, create: { key: e.key, projectId, ...e.reply }, update: {} });
  }
}
