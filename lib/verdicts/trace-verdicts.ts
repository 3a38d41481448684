import "server-only";
// The rule verdict and the MLLM judge verdict that many trajectories' automatic outcomes come
// from, each with its value as given and its effective value after accepted overrides: for
// screens that act on the verdicts themselves (ids, judge names), such as triage deciding
// which verdict to override. All of it is read as the derivation stored it (the trajectory's
// ruleVerdictId / judgeVerdictId, the verdict's effectiveBool): nothing is decided again here.
import type { Db } from "@/lib/db";
import { databaseUrlOf, providerOf } from "@/lib/db";
import { toBool } from "@/lib/db/dialect";
import { chunks, inList, prismaExec } from "@/lib/db/sql-exec";

export type TraceVerdictRef = { id: string; judgeName: string; promptVersion: string | null; value: boolean; effective: boolean };
export type TraceVerdicts = { rule: TraceVerdictRef | null; judge: TraceVerdictRef | null };

type Row = { trajectoryId: string; role: string; id: string; judgeName: string; promptVersion: string | null; valueBool: unknown; effectiveBool: unknown };

export async function traceVerdictsOf(db: Db, projectId: string, trajectoryIds: readonly string[]): Promise<Map<string, TraceVerdicts>> {
  const exec = prismaExec(db, providerOf(databaseUrlOf(db)));
  const result = new Map<string, TraceVerdicts>();
  for (const ids of chunks([...new Set(trajectoryIds)], 500)) {
    const rows = await exec.all<Row>(
      `SELECT t."id" AS "trajectoryId", CASE WHEN v."id" = t."ruleVerdictId" THEN 'rule' ELSE 'judge' END AS "role",
              v."id", v."judgeName", v."promptVersion", v."valueBool", v."effectiveBool"
         FROM "Trajectory" t JOIN "JudgeVerdict" v ON v."id" = t."ruleVerdictId" OR v."id" = t."judgeVerdictId"
        WHERE t."id" IN (${inList(ids.length)}) AND t."projectId" = ? AND v."valueBool" IS NOT NULL`,
      [...ids, projectId],
    );
    for (const r of rows) {
      const entry = result.get(r.trajectoryId) ?? { rule: null, judge: null };
      const value = toBool(r.valueBool);
      const ref = { id: r.id, judgeName: r.judgeName, promptVersion: r.promptVersion, value, effective: r.effectiveBool === null ? value : toBool(r.effectiveBool) };
      if (r.role === "rule") entry.rule = ref;
      else entry.judge = ref;
      result.set(r.trajectoryId, entry);
    }
  }
  return result;
}
