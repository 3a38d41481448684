import "server-only";
// Judge verdicts are immutable: an import adds a verdict only when no identical one (same
// target, judge, prompt version, metric, value and rationale) exists, so re-imports add none.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { VerdictRecord } from "@/lib/imports/records";
import { lookupInChunks } from "@/lib/imports/write/key-lookup";

type Target = { sampleId?: string; trajectoryId?: string; stepId?: string };
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export function verdictRow(projectId: string, target: Target, verdict: VerdictRecord): Prisma.JudgeVerdictCreateManyInput {
  const targetType = target.stepId ? "step" : target.trajectoryId ? "trajectory" : "sample";
  return {
    projectId,
    targetType,
    sampleId: target.sampleId ?? null,
    trajectoryId: target.trajectoryId ?? null,
    stepId: target.stepId ?? null,
    kind: verdict.kind,
    judgeName: verdict.judgeName,
    promptVersion: verdict.promptVersion,
    metric: verdict.metric,
    valueBool: verdict.valueBool,
    valueScore: verdict.valueScore,
    rationale: verdict.rationale,
    rawOutput: verdict.rawOutput,
  };
}

const identity = (v: Prisma.JudgeVerdictCreateManyInput) =>
  JSON.stringify([v.sampleId ?? null, v.trajectoryId ?? null, v.stepId ?? null, v.kind, v.judgeName, v.promptVersion ?? null, v.metric, v.valueBool ?? null, v.valueScore ?? null, v.rationale ?? null]);

/** Inserts the verdicts that are not there yet; returns how many were added. */
export async function addVerdicts(tx: Tx, rows: Prisma.JudgeVerdictCreateManyInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = (field: "sampleId" | "trajectoryId" | "stepId") => [...new Set(rows.flatMap((r) => (r[field] ? [r[field]] : [])))];
  const existing = [
    ...(await lookupInChunks(ids("sampleId"), (sampleId) => tx.judgeVerdict.findMany({ where: { sampleId: { in: sampleId } } }))),
    ...(await lookupInChunks(ids("trajectoryId"), (trajectoryId) => tx.judgeVerdict.findMany({ where: { trajectoryId: { in: trajectoryId } } }))),
    ...(await lookupInChunks(ids("stepId"), (stepId) => tx.judgeVerdict.findMany({ where: { stepId: { in: stepId } } }))),
  ];
  const seen = new Set(existing.map(identity));
  const fresh = rows.filter((r) => {
    const key = identity(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (fresh.length) await tx.judgeVerdict.createMany({ data: fresh });
  return fresh.length;
}
