import "server-only";
// A sample's effective quality score, kept on the sample for filters and tier routing: the
// effective value of its latest quality-score verdict, else the score a reviewer gave in
// their submitted answer, else none.
// Runs on every grounding submit, so it reads only what the score needs: the latest
// quality-score verdict (its overrides only when there is one, the latest answer only when
// there is none), then the update. Each statement is a round trip on PostgreSQL
// (bench/queue-bench.ts): 3 on a sample without verdicts, instead of 5.
import type { Db } from "@/lib/db";
import { effectiveValue } from "@/lib/domain/tiers";

async function qualityVerdictScore(db: Db, projectId: string, sampleId: string): Promise<number | null> {
  const verdict = await db.judgeVerdict.findFirst({
    where: { projectId, sampleId, metric: "quality_score" },
    orderBy: { createdAt: "desc" },
    select: { id: true, valueScore: true, valueBool: true },
  });
  if (!verdict) return null;
  const overrides = await db.judgeOverride.findMany({ where: { verdictId: verdict.id }, select: { valueScore: true, valueBool: true, createdAt: true, status: true } });
  const effective = effectiveValue<number | boolean | null>(
    verdict.valueScore ?? verdict.valueBool,
    overrides.map((o) => ({ value: o.valueScore ?? o.valueBool, createdAt: o.createdAt, status: o.status as "accepted" | "rejected" })),
  );
  return typeof effective === "number" ? effective : null;
}

export async function refreshSampleQuality(db: Db, projectId: string, sampleId: string): Promise<number | null> {
  const verdictScore = await qualityVerdictScore(db, projectId, sampleId);
  // Prisma queries run when awaited: this one only when no verdict gave a score.
  const fallback = db.annotation.findFirst({
    where: { sampleId, status: "submitted", qualityScore: { not: null } },
    orderBy: { submittedAt: "desc" },
    select: { qualityScore: true },
  });
  const score = verdictScore ?? (await fallback)?.qualityScore ?? null;
  await db.groundingSample.update({ where: { id: sampleId }, data: { qualityScore: score }, select: { id: true } });
  return score;
}
