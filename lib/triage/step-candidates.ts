import "server-only";
// Step verdicts whose step-level MLLM judge disagrees with the human's label of that step
// (lib/domain/triage-impact.ts stepReasons, stepFlipImpact). The judge's side is its
// effective value as the derivation stored it (a person's accepted override counts, as for
// trace verdicts); the human's side is the label the derivation counts, read as a yes/no by
// the one function calibration uses too (lib/verdicts/human-step-labels.ts). A 0-10 step
// score is not a yes/no and is not compared.
//
// The database narrows the rows to step verdicts on trajectories with a final answer: only
// their steps can carry a human label. Those are read one by one and compared here.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { stepFlipImpact, stepReasons } from "@/lib/domain/triage-impact";
import { toBool, toNumber } from "@/lib/db/dialect";
import { chunks, inList, prismaExec } from "@/lib/db/sql-exec";
import { humanStepLabels } from "@/lib/verdicts/human-step-labels";
import type { StepCandidate } from "@/lib/triage/candidate-types";

type Row = {
  id: string; judgeName: string; valueBool: unknown; effectiveBool: unknown;
  stepId: string; stepIndex: unknown; trajectoryId: string; goal: string; app: string | null; benchmark: string | null; stepCount: unknown; finalAnswerId: string | null;
};

const COLUMNS = `j."id", j."judgeName", j."valueBool", j."effectiveBool", s."id" AS "stepId", s."index" AS "stepIndex",
  t."id" AS "trajectoryId", t."goal", t."app", t."benchmark", t."stepCount", t."finalAnswerId"`;
const FROM = `FROM "JudgeVerdict" j JOIN "Step" s ON s."id" = j."stepId" JOIN "Trajectory" t ON t."id" = s."trajectoryId"
  WHERE j."projectId" = ? AND t."projectId" = ? AND j."targetType" = 'step' AND j."kind" = 'mllm' AND j."metric" = 'step_score' AND j."valueBool" IS NOT NULL`;

async function rows(db: Db, projectId: string, onlyVerdictIds?: readonly string[]): Promise<Row[]> {
  const exec = prismaExec(db, providerOf(databaseUrlOf(db)));
  if (!onlyVerdictIds) return exec.all<Row>(`SELECT ${COLUMNS} ${FROM} AND t."finalAnswerId" IS NOT NULL`, [projectId, projectId]);
  const found: Row[] = [];
  for (const ids of chunks([...new Set(onlyVerdictIds)], 500)) {
    found.push(...(await exec.all<Row>(`SELECT ${COLUMNS} ${FROM} AND j."id" IN (${inList(ids.length)})`, [projectId, projectId, ...ids])));
  }
  return found;
}

/** Disagreeing step verdicts of the project, or the candidates of `onlyVerdictIds` whatever they say (the decision view asks for one). */
export async function stepCandidates(db: Db, projectId: string, onlyVerdictIds?: readonly string[]): Promise<StepCandidate[]> {
  const found = await rows(db, projectId, onlyVerdictIds);
  const labels = await humanStepLabels(db, projectId, found.map((r) => ({ id: r.trajectoryId, finalAnswerId: r.finalAnswerId })));
  return found.flatMap((r): StepCandidate[] => {
    const stepIndex = toNumber(r.stepIndex);
    const human = labels.get(r.trajectoryId)?.get(stepIndex) ?? null;
    const value = toBool(r.valueBool);
    const judge = r.effectiveBool === null || r.effectiveBool === undefined ? value : toBool(r.effectiveBool);
    const reasons = stepReasons({ judge, human: human?.judgement ?? null });
    if (!onlyVerdictIds && reasons.length === 0) return [];
    return [{
      kind: "step", id: r.id, verdictId: r.id, trajectoryId: r.trajectoryId, stepId: r.stepId, stepIndex, title: r.goal, app: r.app, benchmark: r.benchmark,
      judgeName: r.judgeName, judge, human: human?.label ?? null, reasons, impact: stepFlipImpact(toNumber(r.stepCount)),
    }];
  });
}
