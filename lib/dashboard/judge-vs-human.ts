import "server-only";
// The dashboard's judge vs human: the 2x2 confusion of MLLM judges' trace verdicts against
// verified human outcomes and Cohen's kappa, per judge (and prompt version), per app or per
// benchmark. The counts are the one computation every surface reads
// (lib/verdicts/judge-human.ts); this file only groups them for the charts.
import type { Db } from "@/lib/db";
import { cohensKappaFromMatrix } from "@/lib/domain/agreement";
import { confusionOf, judgeHumanCounts, type Confusion2x2, type JudgeHumanCount } from "@/lib/verdicts/judge-human";

export type { Confusion2x2 };
export type HumanAgreement = { key: string; pairs: number; matrix: Confusion2x2; kappa: number | null };
export type JudgeAgreement = { judgeName: string; pairs: number; matrix: Confusion2x2; kappa: number | null };

export const AGREEMENT_DIMENSIONS = ["judge", "app", "benchmark"] as const;
export type AgreementDimension = (typeof AGREEMENT_DIMENSIONS)[number];

// Below 2 pairs kappa says nothing.
function kappaOf(matrix: Confusion2x2): number | null {
  return matrix.flat().reduce((a, b) => a + b, 0) < 2 ? null : cohensKappaFromMatrix(matrix);
}

/** A judge's name as the dashboard labels it: with its prompt version when it has one. */
export const judgeLabel = (c: Pick<JudgeHumanCount, "judgeName" | "promptVersion">) => (c.promptVersion ? `${c.judgeName} · ${c.promptVersion}` : c.judgeName);

export async function judgeVsHumanBy(db: Db, projectId: string, dimension: AgreementDimension): Promise<HumanAgreement[]> {
  const counts = (await judgeHumanCounts(db, projectId, { split: dimension })).filter((c) => c.human !== null);
  const byKey = new Map<string, JudgeHumanCount[]>();
  for (const c of counts) {
    const key = dimension === "judge" ? judgeLabel(c) : c.split!;
    byKey.set(key, [...(byKey.get(key) ?? []), c]);
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, cells]) => {
      const matrix = confusionOf(cells);
      return { key, pairs: matrix.flat().reduce((a, b) => a + b, 0), matrix, kappa: kappaOf(matrix) };
    });
}

/** Per MLLM judge (the dashboard's first breakdown). */
export async function judgeVsHuman(db: Db, projectId: string): Promise<JudgeAgreement[]> {
  return (await judgeVsHumanBy(db, projectId, "judge")).map(({ key, ...rest }) => ({ judgeName: key, ...rest }));
}
