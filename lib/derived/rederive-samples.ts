import "server-only";
// Stores deriveSample's result on samples: reads every input of a chunk of samples in a few
// statements (the samples, their final answers, quality verdicts with overrides, predictions),
// derives, and writes the sample's derived columns and each prediction's correctness. Callers
// run it in the transaction of the write that changed an input, so the stored result and its
// inputs move together; nothing else writes these columns.
import type { Box } from "@/lib/domain/geometry";
import { deriveSample, type SampleFinal } from "@/lib/domain/derive-sample";
import type { Decision } from "@/lib/domain/item-lifecycle";
import { toBool } from "@/lib/db/dialect";
import { derivationContext, type DerivationContext } from "@/lib/derived/derivation-context";
import { chunks, inList, type SqlExec } from "@/lib/db/sql-exec";
import { qualityVerdictsIn, traceVerdictsIn, verdictsOfItems } from "@/lib/derived/verdict-inputs";
import { changedEffects, storeVerdictEffects, type EffectChange } from "@/lib/derived/store-verdict-effects";
import { SAMPLE_DERIVED_COLUMNS, SAMPLE_DERIVED_PG_TYPES, sampleDerivedValues } from "@/lib/derived/sample-derived-columns";

type SampleRow = {
  id: string;
  targetAbsent: unknown;
  boxX1: number | null;
  boxY1: number | null;
  boxX2: number | null;
  boxY2: number | null;
  finalAnswerId: string | null;
};

type RevisionRow = {
  id: string;
  decision: string;
  targetAbsent: unknown;
  boxX1: number | null;
  boxY1: number | null;
  boxX2: number | null;
  boxY2: number | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
};

type PredictionRow = { id: string; sampleId: string; kind: string; x: number | null; y: number | null; correctness: string | null };

const CHUNK = 500;

export function boxOf(row: { boxX1: number | null; boxY1: number | null; boxX2: number | null; boxY2: number | null }): Box | null {
  const { boxX1, boxY1, boxX2, boxY2 } = row;
  return boxX1 === null || boxY1 === null || boxX2 === null || boxY2 === null ? null : [Number(boxX1), Number(boxY1), Number(boxX2), Number(boxY2)];
}

async function finalsOf(exec: SqlExec, ids: string[]): Promise<Map<string, SampleFinal>> {
  const finals = new Map<string, SampleFinal>();
  if (ids.length === 0) return finals;
  const rows = await exec.all<RevisionRow>(
    `SELECT "id", "decision", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "instructionRewrite", "qualityScore" FROM "AnswerRevision" WHERE "id" IN (${inList(ids.length)})`,
    ids,
  );
  for (const r of rows) {
    finals.set(r.id, {
      decision: r.decision as Decision,
      targetAbsent: toBool(r.targetAbsent),
      box: boxOf(r),
      instructionRewrite: r.instructionRewrite,
      qualityScore: r.qualityScore === null ? null : Number(r.qualityScore),
    });
  }
  return finals;
}

const SAMPLE_UPDATE = `UPDATE "GroundingSample" SET ${SAMPLE_DERIVED_COLUMNS.map((c) => `"${c}" = ?`).join(", ")} WHERE "id" = ?`;

async function rederiveChunk(exec: SqlExec, ctx: DerivationContext, ids: string[]): Promise<void> {
  const samples = await exec.all<SampleRow>(
    `SELECT "id", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "finalAnswerId" FROM "GroundingSample" WHERE "id" IN (${inList(ids.length)}) AND "projectId" = ?`,
    [...ids, ctx.projectId],
  );
  if (samples.length === 0) return;
  const sampleIds = samples.map((s) => s.id);
  const finals = await finalsOf(exec, samples.flatMap((s) => (s.finalAnswerId ? [s.finalAnswerId] : [])));
  const verdicts = await verdictsOfItems(exec, ctx.projectId, "sample", sampleIds);
  const predictions = new Map<string, PredictionRow[]>();
  for (const p of await exec.all<PredictionRow>(
    `SELECT "id", "sampleId", "kind", "x", "y", "correctness" FROM "ModelPrediction" WHERE "sampleId" IN (${inList(sampleIds.length)}) ORDER BY "id"`,
    sampleIds,
  )) {
    predictions.set(p.sampleId, [...(predictions.get(p.sampleId) ?? []), p]);
  }

  const updates: unknown[][] = [];
  const corrections: { id: string; correctness: string | null }[] = [];
  const effects: EffectChange[] = [];
  for (const s of samples) {
    const own = predictions.get(s.id) ?? [];
    const all = verdicts.get(s.id) ?? [];
    const derived = deriveSample({
      imported: { targetAbsent: toBool(s.targetAbsent), box: toBool(s.targetAbsent) ? null : boxOf(s) },
      final: s.finalAnswerId ? (finals.get(s.finalAnswerId) ?? null) : null,
      qualityVerdicts: qualityVerdictsIn(all),
      verdicts: all,
      predictions: own.map((p) => ({ id: p.id, kind: p.kind, x: p.x === null ? null : Number(p.x), y: p.y === null ? null : Number(p.y) })),
      tiers: ctx.settings.tiers,
    });
    updates.push([...sampleDerivedValues(derived, ctx.revision), s.id]);
    for (const [i, effect] of derived.verdictEffects.entries()) effects.push({ stored: all[i]!.stored, effect });
    const stored = new Map(own.map((p) => [p.id, p.correctness]));
    for (const p of derived.predictions) if (stored.get(p.id) !== p.correctness) corrections.push({ id: p.id, correctness: p.correctness });
  }
  await storeDerived(exec, updates, corrections);
  await storeVerdictEffects(exec, changedEffects(effects));
}

// On PostgreSQL every statement is a round trip: a chunk's rows go in one UPDATE ... FROM
// unnest(...) each (an import of 5,000 samples had sent 5,000 UPDATEs, bench/results.md). On
// SQLite a prepared statement per row costs less than building the arrays.
const SAMPLE_UPDATE_MANY = `UPDATE "GroundingSample" AS g SET ${SAMPLE_DERIVED_COLUMNS.map((c, i) => `"${c}" = v.c${i}`).join(", ")}
  FROM unnest(${SAMPLE_DERIVED_PG_TYPES.map((t) => `?::${t}[]`).join(", ")}, ?::text[])
    AS v(${SAMPLE_DERIVED_COLUMNS.map((_, i) => `c${i}`).join(", ")}, id)
  WHERE g."id" = v.id`;

async function storeDerived(exec: SqlExec, updates: unknown[][], corrections: { id: string; correctness: string | null }[]): Promise<void> {
  if (exec.provider !== "postgres") {
    for (const row of updates) await exec.run(SAMPLE_UPDATE, row);
    for (const c of corrections) await exec.run(`UPDATE "ModelPrediction" SET "correctness" = ? WHERE "id" = ?`, [c.correctness, c.id]);
    return;
  }
  if (updates.length) await exec.run(SAMPLE_UPDATE_MANY, updates[0]!.map((_, column) => updates.map((row) => row[column])));
  if (corrections.length) {
    await exec.run(`UPDATE "ModelPrediction" AS p SET "correctness" = v.c FROM unnest(?::text[], ?::text[]) AS v(id, c) WHERE p."id" = v.id`, [corrections.map((c) => c.id), corrections.map((c) => c.correctness)]);
  }
}

/** Derives and stores these samples of the project (ids of other projects are ignored). */
export async function rederiveSamples(exec: SqlExec, projectId: string, sampleIds: readonly string[], context?: DerivationContext): Promise<void> {
  if (sampleIds.length === 0) return;
  const ctx = context ?? (await derivationContext(exec, projectId));
  for (const chunk of chunks([...new Set(sampleIds)], CHUNK)) await rederiveChunk(exec, ctx, chunk);
}
