import "server-only";
// Grounding samples whose quality-score verdict is in doubt: the judge's effective score puts
// the sample in another tier than the human's score does, or sits within the project's margin
// of a tier threshold. The judge is the sample's latest quality-score verdict (as
// lib/verdicts/sample-quality.ts reads it); the human score is the final answer's (latest
// submitted adjudication, else latest submitted label).
//
// The database narrows to samples that *can* qualify: a raw score near a threshold, raw
// tiers that differ between a verdict and a submitted answer (compared in SQL with the same
// >= rules as qualityTier), or an accepted override; the exact check runs here on that set.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { effectiveValue, type TierSettings } from "@/lib/domain/tiers";
import { sampleImpact } from "@/lib/domain/triage-impact";
import { dialect } from "@/lib/sql/dialect";
import type { SampleCandidate } from "@/lib/triage/candidate-types";

const CHUNK = 500;
const isScore = (v: number) => Number.isFinite(v) && v >= 0 && v <= 10;

async function mayQualify(db: Db, projectId: string, tiers: TierSettings, margin: number): Promise<string[]> {
  const d = dialect(providerOf(databaseUrlOf(db)));
  const tier = (col: string) => `(CASE WHEN ${col} >= ${d.p(tiers.goldMin)} THEN 2 WHEN ${col} >= ${d.p(tiers.rewriteMin)} THEN 1 ELSE 0 END)`;
  const project = d.p(projectId);
  const near = margin > 0
    ? `OR (v."valueScore" > ${d.p(tiers.goldMin - margin)} AND v."valueScore" < ${d.p(tiers.goldMin + margin)})
       OR (v."valueScore" > ${d.p(tiers.rewriteMin - margin)} AND v."valueScore" < ${d.p(tiers.rewriteMin + margin)})`
    : "";
  const sql = `
    SELECT DISTINCT v."sampleId" AS id
      FROM "JudgeVerdict" v
     WHERE v."projectId" = ${project} AND v."targetType" = 'sample' AND v."metric" = 'quality_score' AND v."valueScore" IS NOT NULL
       AND (EXISTS (SELECT 1 FROM "JudgeOverride" o WHERE o."verdictId" = v."id" AND o."status" = 'accepted')
            ${near}
            OR EXISTS (SELECT 1 FROM "Annotation" a
                        WHERE a."sampleId" = v."sampleId" AND a."status" = 'submitted' AND a."qualityScore" IS NOT NULL
                          AND ${tier('a."qualityScore"')} <> ${tier('v."valueScore"')}))`;
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(sql, ...d.args);
  return rows.map((r) => r.id);
}

/** Candidates among the project's samples, or among `onlyIds` (the decision view asks for one). */
export async function sampleCandidates(db: Db, projectId: string, tiers: TierSettings, margin: number, onlyIds?: string[]): Promise<SampleCandidate[]> {
  const ids = onlyIds ?? (await mayQualify(db, projectId, tiers, margin));
  const candidates: SampleCandidate[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [samples, verdicts, answers] = await Promise.all([
      db.groundingSample.findMany({ where: { projectId, id: { in: chunk } }, select: { id: true, instruction: true } }),
      db.judgeVerdict.findMany({
        where: { projectId, sampleId: { in: chunk }, metric: "quality_score", valueScore: { not: null } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, sampleId: true, judgeName: true, valueScore: true, overrides: { where: { status: "accepted" }, orderBy: { createdAt: "asc" }, select: { valueScore: true, createdAt: true } } },
      }),
      db.annotation.findMany({
        where: { projectId, sampleId: { in: chunk }, status: "submitted", qualityScore: { not: null } },
        orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
        select: { sampleId: true, kind: true, qualityScore: true },
      }),
    ]);
    const latestVerdict = new Map(verdicts.map((v) => [v.sampleId!, v])); // oldest first: the last one stays
    const humanScore = new Map<string, { kind: string; score: number }>();
    for (const a of answers) {
      const held = humanScore.get(a.sampleId!);
      // An adjudication is the final answer over any label, whenever the label came.
      if (held?.kind === "adjudication" && a.kind !== "adjudication") continue;
      humanScore.set(a.sampleId!, { kind: a.kind, score: a.qualityScore! });
    }
    for (const s of samples) {
      const v = latestVerdict.get(s.id);
      if (!v) continue;
      const judgeScore = effectiveValue<number | null>(v.valueScore, v.overrides.map((o) => ({ value: o.valueScore, createdAt: o.createdAt }))) ?? v.valueScore!;
      const human = humanScore.get(s.id)?.score ?? null;
      // Scores outside 0-10 were refused on the way in; one that slipped through has no tier.
      if (!isScore(judgeScore) || (human !== null && !isScore(human))) continue;
      const impact = sampleImpact(judgeScore, human, tiers, margin);
      if (!onlyIds && impact.reasons.length === 0) continue;
      candidates.push({
        kind: "sample",
        id: v.id,
        verdictId: v.id,
        sampleId: s.id,
        title: s.instruction,
        judgeName: v.judgeName,
        judgeScore,
        humanScore: human,
        ...impact,
      });
    }
  }
  return candidates;
}
