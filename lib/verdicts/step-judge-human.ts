import "server-only";
// Step-level MLLM judges against the people's step labels, computed once: the calibration page,
// the run page's calibration and the API's judges read these counts (lib/runs/calibration),
// beside the trace-level ones of judge-human.ts, in the same shape (JudgeHumanCount), so the
// confusion and every metric come from the same functions.
//
// A pair is one MLLM verdict on a step with a yes/no value (metric step_score, valueBool: the
// UI-Venus reflection supervisor's "accept this action"; a 0-10 step score has no threshold the
// project set, so it is not read as a yes/no and is left out), one row per verdict identity, and
// the human's label of the same step on a verified trajectory: the accepted final answer's
// label, what step accuracy counts (human-step-labels.ts), read as a yes/no by
// stepLabelJudgement: correct is yes; incorrect is no, a redundant or no-effect step included
// (a wasted action was not the right one); an environment issue, unsure or no label is no
// human answer. Like the trace pairs, the judge's side is the verdict's own value at its
// current revision, never an override's: an override is a person's label.
//
// Only verified trajectories' steps are read one by one (their labels live in the final
// answer's JSON); every other step verdict is counted by the database, human answer none.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { dialect, toBool, toNumber } from "@/lib/db/dialect";
import { SPLIT_COLUMN, UNKNOWN_SPLIT, type JudgeHumanCount, type JudgeSplit } from "@/lib/verdicts/judge-human";
import { humanStepLabels } from "@/lib/verdicts/human-step-labels";

type Scope = { runId?: string; split?: JudgeSplit };
type Counted = { judgeName: string; promptVersion: string | null; split: string | null; judge: unknown; n: unknown };
type Settled = { judgeName: string; promptVersion: string | null; split: string | null; judge: unknown; trajectoryId: string; finalAnswerId: string; stepIndex: unknown };

const SETTLED = `t."status" = 'verified' AND t."finalAnswerId" IS NOT NULL`;

function query(db: Db, projectId: string, scope: Scope, settled: boolean) {
  const d = dialect(providerOf(databaseUrlOf(db)));
  const column = SPLIT_COLUMN[scope.split ?? "judge"];
  const from = `
      FROM "JudgeVerdict" j
      JOIN "Step" s ON s."id" = j."stepId"
      JOIN "Trajectory" t ON t."id" = s."trajectoryId"
     WHERE j."projectId" = ${d.p(projectId)} AND t."projectId" = ${d.p(projectId)}
       AND j."targetType" = 'step' AND j."kind" = 'mllm' AND j."metric" = 'step_score' AND j."valueBool" IS NOT NULL
       ${scope.runId ? `AND t."runId" = ${d.p(scope.runId)}` : ""}
       AND ${settled ? SETTLED : `NOT (${SETTLED})`}`;
  const head = `j."judgeName" AS "judgeName", j."promptVersion" AS "promptVersion", ${column ?? "NULL"} AS "split", j."valueBool" AS "judge"`;
  const sql = settled
    ? `SELECT ${head}, t."id" AS "trajectoryId", t."finalAnswerId" AS "finalAnswerId", s."index" AS "stepIndex" ${from}`
    : `SELECT ${head}, COUNT(*) AS "n" ${from} GROUP BY j."judgeName", j."promptVersion", ${column ? `${column}, ` : ""}j."valueBool"`;
  return { sql, args: d.args };
}

/** How many step verdicts of each judge (and prompt version, and app or benchmark) said `judge` where the human's step label said `human`. */
export async function stepJudgeHumanCounts(db: Db, projectId: string, scope: Scope = {}): Promise<JudgeHumanCount[]> {
  const split = scope.split ?? "judge";
  const counts = new Map<string, JudgeHumanCount>();
  const add = (row: { judgeName: string; promptVersion: string | null; split: string | null; judge: unknown }, human: boolean | null, n: number) => {
    const judge = toBool(row.judge);
    const key = JSON.stringify([row.judgeName, row.promptVersion, row.split, judge, human]);
    const known = counts.get(key);
    if (known) known.n += n;
    else counts.set(key, { judgeName: row.judgeName, promptVersion: row.promptVersion, split: split === "judge" ? null : (row.split ?? UNKNOWN_SPLIT[split]), splitValue: row.split, judge, human, n });
  };

  const unsettled = query(db, projectId, scope, false);
  for (const row of await db.$queryRawUnsafe<Counted[]>(unsettled.sql, ...unsettled.args)) add(row, null, toNumber(row.n));

  const settled = query(db, projectId, scope, true);
  const rows = await db.$queryRawUnsafe<Settled[]>(settled.sql, ...settled.args);
  const labels = await humanStepLabels(db, projectId, rows.map((r) => ({ id: r.trajectoryId, finalAnswerId: r.finalAnswerId })));
  for (const row of rows) add(row, labels.get(row.trajectoryId)?.get(toNumber(row.stepIndex))?.judgement ?? null, 1);
  return [...counts.values()];
}
