import "server-only";
// The effective trace-success verdicts of many trajectories at once: per trajectory the latest
// rule verdict and the latest MLLM judge verdict (as the mismatch flags read them), each with
// its effective value after accepted overrides. One query per chunk of ids, not one per row.
import type { Db } from "@/lib/db";
import { effectiveValue } from "@/lib/domain/tiers";

export type TraceVerdictRef = { id: string; judgeName: string; value: boolean; effective: boolean };
export type TraceVerdicts = { rule: TraceVerdictRef | null; judge: TraceVerdictRef | null };

const CHUNK = 500;

export async function traceVerdictsOf(db: Db, projectId: string, trajectoryIds: readonly string[]): Promise<Map<string, TraceVerdicts>> {
  const result = new Map<string, TraceVerdicts>();
  for (let i = 0; i < trajectoryIds.length; i += CHUNK) {
    const rows = await db.judgeVerdict.findMany({
      where: { projectId, targetType: "trajectory", metric: "trace_success", valueBool: { not: null }, trajectoryId: { in: trajectoryIds.slice(i, i + CHUNK) } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true, trajectoryId: true, kind: true, judgeName: true, valueBool: true,
        overrides: { where: { status: "accepted" }, orderBy: { createdAt: "asc" }, select: { valueBool: true, createdAt: true } },
      },
    });
    for (const v of rows) {
      const value = v.valueBool!;
      const effective = effectiveValue<boolean | null>(value, v.overrides.map((o) => ({ value: o.valueBool, createdAt: o.createdAt }))) ?? value;
      const entry = result.get(v.trajectoryId!) ?? { rule: null, judge: null };
      // Rows come oldest first, so the last one written per kind is the latest.
      const ref = { id: v.id, judgeName: v.judgeName, value, effective };
      if (v.kind === "rule") entry.rule = ref;
      else if (v.kind === "mllm") entry.judge = ref;
      result.set(v.trajectoryId!, entry);
    }
  }
  return result;
}
