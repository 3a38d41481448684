import "server-only";
// Predictions written by identity, one per (sample, model), for every writer (an import's
// results file, a model run): a new identity is a new prediction (revision 1); one whose answer
// (kind, point, raw output, the source's own correctness) changed gets a new immutable
// PredictionRevision and the prediction's columns move to it; one whose bookkeeping only (its
// evaluation run, extra fields) changed is updated in place; the rest are left alone. The
// samples written are marked stale in the same transaction, so their correctness is derived
// again against their current target.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { markSamplesStale } from "@/lib/derived/mark-stale";
import { sameJson } from "@/lib/domain/content-hash";
import { groupBy, lookupInChunks } from "@/lib/db/key-lookup";
import { newRowId } from "@/lib/ids/row-id";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export type PredictionRow = {
  sampleId: string;
  model: string;
  kind: string; // point | refusal | wrong_format
  x: number | null;
  y: number | null;
  rawOutput: string | null;
  sourceCorrectness: string | null;
  runId: string | null;
  extra: Prisma.InputJsonValue | undefined;
};

export type PredictionWriteOutcome = { created: number; updated: number; revised: number; unchanged: number; samples: Set<string> };

// The database keeps about 15 significant digits of a float, so a coordinate read back can
// differ from the recomputed one in its last bits: that is not a change.
function sameCoordinate(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
}

/** Writes one batch in the caller's transaction; a later row of one identity replaces an earlier one. */
export async function writePredictionRows(tx: Tx, projectId: string, input: readonly PredictionRow[], now = new Date()): Promise<PredictionWriteOutcome> {
  const outcome: PredictionWriteOutcome = { created: 0, updated: 0, revised: 0, unchanged: 0, samples: new Set() };
  const rows = [...new Map(input.map((row) => [`${row.sampleId}\u0000${row.model}`, row])).values()];
  if (rows.length === 0) return outcome;
  const existing = [];
  for (const [model, group] of groupBy(rows, (row) => row.model)) {
    existing.push(...(await lookupInChunks(group.map((row) => row.sampleId), (sampleIds) => tx.modelPrediction.findMany({ where: { model, sampleId: { in: sampleIds } } }))));
  }
  const byKey = new Map(existing.map((e) => [`${e.sampleId}\u0000${e.model}`, e]));
  const fresh: (PredictionRow & { id: string })[] = [];
  const revisions: Prisma.PredictionRevisionCreateManyInput[] = [];
  const revisionOf = (predictionId: string, revision: number, row: PredictionRow): Prisma.PredictionRevisionCreateManyInput => ({
    id: newRowId(), predictionId, revision, kind: row.kind, x: row.x, y: row.y, rawOutput: row.rawOutput, sourceCorrectness: row.sourceCorrectness, runId: row.runId, createdAt: now,
  });
  for (const row of rows) {
    const old = byKey.get(`${row.sampleId}\u0000${row.model}`);
    if (!old) {
      const id = newRowId();
      fresh.push({ ...row, id });
      revisions.push(revisionOf(id, 1, row));
      continue;
    }
    const answered = old.kind !== row.kind || !sameCoordinate(old.x, row.x) || !sameCoordinate(old.y, row.y) || old.rawOutput !== row.rawOutput || old.sourceCorrectness !== row.sourceCorrectness;
    if (!answered && old.runId === row.runId && sameJson(old.extra, row.extra)) {
      outcome.unchanged += 1;
      continue;
    }
    // The answer itself changed: a new revision. Only bookkeeping changed: the same revision, updated in place.
    const revision = answered ? old.revision + 1 : old.revision;
    await tx.modelPrediction.update({ where: { id: old.id }, data: { ...row, revision, ...(answered ? { revisedAt: now } : {}) } });
    if (answered) {
      revisions.push(revisionOf(old.id, revision, row));
      outcome.revised += 1;
    }
    outcome.updated += 1;
    outcome.samples.add(row.sampleId);
  }
  if (fresh.length) {
    const { count } = await tx.modelPrediction.createMany({ data: fresh.map((row) => ({ projectId, ...row, createdAt: now })) });
    outcome.created += count;
    for (const row of fresh) outcome.samples.add(row.sampleId);
  }
  if (revisions.length) await tx.predictionRevision.createMany({ data: revisions });
  await markSamplesStale(tx, [...new Set(rows.map((row) => row.sampleId))]);
  return outcome;
}
