import "server-only";
// Judge vs human, computed once: every surface that shows how an MLLM judge agrees with the
// people (the dashboard's confusion and kappa, the run page's and the project's calibration,
// the API) reads these counts, so they cannot differ.
//
// A pair is one MLLM trace_success verdict on a trajectory (one row per verdict identity,
// lib/verdicts/verdict-identity.ts: a re-import revises the row, never adds a sibling) and the
// trajectory's stored human outcome (verified, success or failure; "unsure" and unverified
// items have none). The judge's side is the verdict's own value at its current revision, not
// its effective value: an override is a person's label, and counting it as the judge's would
// certify a judge for agreeing with the reviewer who corrected it. What an item *counts with*
// (outcome, rewards, triage) is the effective value, stored by the derivation; this is what
// the judge said.
// These pairs are trace-level. A step-level judge (a verdict on a step, metric step_score) is
// compared with the human's label of that step in step-judge-human.ts, under the same rules,
// and its counts are this file's type, so one confusion and one set of metrics serve both.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { dialect, toBool, toNumber } from "@/lib/db/dialect";

export const JUDGE_SPLITS = ["judge", "app", "benchmark"] as const;
export type JudgeSplit = (typeof JUDGE_SPLITS)[number];

/** How many verdicts of one judge (and prompt version, and app or benchmark when split) said `judge` where the human said `human` (null: no human outcome). */
export type JudgeHumanCount = { judgeName: string; promptVersion: string | null; split: string | null; splitValue: string | null; judge: boolean; human: boolean | null; n: number };

// A closed set of columns: nothing from a request reaches the SQL text.
export const SPLIT_COLUMN: Record<JudgeSplit, string | null> = { judge: null, app: `t."app"`, benchmark: `t."benchmark"` };
export const UNKNOWN_SPLIT: Record<JudgeSplit, string> = { judge: "", app: "unknown app", benchmark: "unknown benchmark" };

export async function judgeHumanCounts(db: Db, projectId: string, scope: { runId?: string; split?: JudgeSplit } = {}): Promise<JudgeHumanCount[]> {
  const split = scope.split ?? "judge";
  const d = dialect(providerOf(databaseUrlOf(db)));
  const column = SPLIT_COLUMN[split];
  const human = `CASE WHEN t."status" = 'verified' AND t."humanVerdict" IN ('success', 'failure') THEN t."humanVerdict" ELSE NULL END`;
  const sql = `
    SELECT j."judgeName" AS "judgeName", j."promptVersion" AS "promptVersion", ${column ?? "NULL"} AS "split",
           j."valueBool" AS "judge", ${human} AS "human", COUNT(*) AS "n"
      FROM "JudgeVerdict" j
      JOIN "Trajectory" t ON t."id" = j."trajectoryId"
     WHERE j."projectId" = ${d.p(projectId)} AND t."projectId" = ${d.p(projectId)}
       AND j."targetType" = 'trajectory' AND j."kind" = 'mllm' AND j."metric" = 'trace_success' AND j."valueBool" IS NOT NULL
       ${scope.runId ? `AND t."runId" = ${d.p(scope.runId)}` : ""}
     GROUP BY j."judgeName", j."promptVersion", ${column ? `${column}, ` : ""}j."valueBool", ${human}`;
  const rows = await db.$queryRawUnsafe<{ judgeName: string; promptVersion: string | null; split: string | null; judge: unknown; human: string | null; n: unknown }[]>(sql, ...d.args);
  return rows.map((r) => ({
    judgeName: r.judgeName,
    promptVersion: r.promptVersion,
    split: split === "judge" ? null : (r.split ?? UNKNOWN_SPLIT[split]),
    // The stored app or benchmark (null: none), for reading the same trajectories again.
    splitValue: r.split,
    judge: toBool(r.judge),
    human: r.human === null ? null : r.human === "success",
    n: toNumber(r.n),
  }));
}

// Rows: the judge's verdict; columns: the human's. [success, failure] in both.
export type Confusion2x2 = [[number, number], [number, number]];

/** The 2x2 confusion of some counts (those without a human outcome are not pairs). */
export function confusionOf(counts: readonly JudgeHumanCount[]): Confusion2x2 {
  const matrix: Confusion2x2 = [[0, 0], [0, 0]];
  for (const c of counts) if (c.human !== null) matrix[c.judge ? 0 : 1][c.human ? 0 : 1] += c.n;
  return matrix;
}

/** One judge's own value and the human outcome on one settled trajectory: the pairs above, item by item. */
export type JudgeHumanPair = { judgeName: string; promptVersion: string | null; trajectoryId: string; judge: boolean; human: boolean };

/** The settled pairs (human outcome success or failure) of one judge, every prompt version, item by item. */
export async function judgeHumanPairs(db: Db, projectId: string, judgeName: string, scope: { runId?: string } = {}): Promise<JudgeHumanPair[]> {
  const rows = await db.judgeVerdict.findMany({
    where: {
      projectId, judgeName, targetType: "trajectory", kind: "mllm", metric: "trace_success", valueBool: { not: null },
      trajectory: { projectId, status: "verified", humanVerdict: { in: ["success", "failure"] }, ...(scope.runId ? { runId: scope.runId } : {}) },
    },
    select: { promptVersion: true, trajectoryId: true, valueBool: true, trajectory: { select: { humanVerdict: true } } },
  });
  return rows.map((r) => ({ judgeName, promptVersion: r.promptVersion, trajectoryId: r.trajectoryId!, judge: r.valueBool!, human: r.trajectory!.humanVerdict === "success" }));
}

/**
 * One judge's own value on each of a run's trajectories it judged: what a sampled estimate
 * counts as that judge's prediction (lib/domain/estimates/predictor.ts). The verdict's value,
 * as above, never an override's: a person's label must not feed the predictor it is compared
 * with. Were a trajectory to hold both a yes/no verdict of the judge and a score that also
 * says yes or no (two identities), the yes/no verdict is its outcome.
 */
export async function judgeValuesOnRun(db: Db, projectId: string, runId: string, judge: { judgeName: string; promptVersion: string | null }): Promise<Map<string, boolean>> {
  const rows = await db.judgeVerdict.findMany({
    where: {
      projectId, judgeName: judge.judgeName, promptVersion: judge.promptVersion, targetType: "trajectory", kind: "mllm", metric: "trace_success", valueBool: { not: null },
      trajectory: { projectId, runId },
    },
    select: { trajectoryId: true, valueBool: true, valueScore: true },
  });
  const values = new Map<string, boolean>();
  for (const r of rows) if (r.valueScore !== null) values.set(r.trajectoryId!, r.valueBool!);
  for (const r of rows) if (r.valueScore === null) values.set(r.trajectoryId!, r.valueBool!);
  return values;
}
