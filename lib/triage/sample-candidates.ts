import "server-only";
// Grounding samples whose quality-score verdict is in doubt: the judge's effective score puts
// the sample in another tier than the human's score does, or sits within the project's margin
// of a tier threshold. Both scores are the sample's stored derived values (judgeScore from its
// latest quality verdict after overrides, humanScore from its final answer,
// lib/domain/derive-sample.ts); the database narrows to samples that can qualify (a judge
// score, and a human score or a score near a threshold), the exact check runs here.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { TierSettings } from "@/lib/domain/tiers";
import { sampleImpact } from "@/lib/domain/triage-impact";
import type { SampleCandidate } from "@/lib/triage/candidate-types";

const PAGE = 1000;

function mayQualify(projectId: string, tiers: TierSettings, margin: number): Prisma.GroundingSampleWhereInput {
  const near = (t: number) => ({ judgeScore: { gt: t - margin, lt: t + margin } });
  return {
    projectId,
    judgeScore: { not: null },
    qualityVerdictId: { not: null },
    OR: [{ humanScore: { not: null } }, ...(margin > 0 ? [near(tiers.goldMin), near(tiers.rewriteMin)] : [])],
  };
}

/** Candidates among the project's samples, or among `onlyIds` (the decision view asks for one). */
export async function sampleCandidates(db: Db, projectId: string, tiers: TierSettings, margin: number, onlyIds?: string[]): Promise<SampleCandidate[]> {
  const where: Prisma.GroundingSampleWhereInput = onlyIds ? { projectId, id: { in: onlyIds }, judgeScore: { not: null }, qualityVerdictId: { not: null } } : mayQualify(projectId, tiers, margin);
  const candidates: SampleCandidate[] = [];
  let after: string | undefined;
  for (;;) {
    const rows = await db.groundingSample.findMany({
      where: after ? { ...where, id: { gt: after } } : where,
      orderBy: { id: "asc" },
      take: PAGE,
      select: { id: true, instruction: true, judgeScore: true, humanScore: true, qualityVerdictId: true },
    });
    const verdicts = new Map(
      (await db.judgeVerdict.findMany({ where: { id: { in: rows.map((r) => r.qualityVerdictId!) } }, select: { id: true, judgeName: true } })).map((v) => [v.id, v.judgeName]),
    );
    for (const s of rows) {
      const impact = sampleImpact(s.judgeScore!, s.humanScore, tiers, margin);
      if (!onlyIds && impact.reasons.length === 0) continue;
      candidates.push({
        kind: "sample",
        id: s.qualityVerdictId!,
        verdictId: s.qualityVerdictId!,
        sampleId: s.id,
        title: s.instruction,
        judgeName: verdicts.get(s.qualityVerdictId!) ?? "",
        judgeScore: s.judgeScore!,
        humanScore: s.humanScore,
        ...impact,
      });
    }
    if (rows.length < PAGE) return candidates;
    after = rows.at(-1)!.id;
  }
}
