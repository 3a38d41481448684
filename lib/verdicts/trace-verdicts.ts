import "server-only";
// The latest rule verdict and the latest MLLM judge verdict of many trajectories, each with
// its effective value after accepted overrides, as the derivation reads them (same inputs,
// same latest-of-kind rule): for screens that need the verdicts themselves (ids, judge names),
// such as triage deciding which verdict to override. Derived values are read from the
// trajectory, never from here.
import type { Db } from "@/lib/db";
import { databaseUrlOf, providerOf } from "@/lib/db";
import { latestOfKind } from "@/lib/domain/derive-trajectory";
import { effectiveVerdict } from "@/lib/domain/effective-verdict";
import { prismaExec } from "@/lib/derived/sql-exec";
import { verdictsOfItems } from "@/lib/derived/verdict-inputs";

export type TraceVerdictRef = { id: string; judgeName: string; value: boolean; effective: boolean };
export type TraceVerdicts = { rule: TraceVerdictRef | null; judge: TraceVerdictRef | null };

export async function traceVerdictsOf(db: Db, projectId: string, trajectoryIds: readonly string[]): Promise<Map<string, TraceVerdicts>> {
  const exec = prismaExec(db, providerOf(databaseUrlOf(db)));
  const byItem = await verdictsOfItems<boolean>(exec, projectId, "trajectoryId", "trace_success", trajectoryIds);
  const result = new Map<string, TraceVerdicts>();
  for (const [trajectoryId, verdicts] of byItem) {
    const ref = (kind: string): TraceVerdictRef | null => {
      const v = latestOfKind(verdicts, kind) as (typeof verdicts)[number] | null;
      if (!v || v.value === null) return null;
      return { id: v.id, judgeName: v.judgeName, value: v.value, effective: effectiveVerdict(v).value ?? v.value };
    };
    result.set(trajectoryId, { rule: ref("rule"), judge: ref("mllm") });
  }
  return result;
}
