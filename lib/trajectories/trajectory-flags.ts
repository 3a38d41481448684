import "server-only";
// Recomputes a trajectory's mismatch flags from its verified labels and its effective
// verdicts, and stores them (with the human verdict) on the trajectory for list filters.
import type { Db } from "@/lib/db";
import { computeMismatchFlags, type MismatchFlag } from "@/lib/domain/mismatch-flags";
import type { StepLabelValue, TraceVerdict } from "@/lib/domain/labels";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";
import { verdictsFor, type VerdictView } from "@/lib/verdicts/effective-verdicts";

export function outcomes(verdicts: VerdictView[]) {
  const latest = (kind: string) => verdicts.filter((v) => v.kind === kind && v.metric === "trace_success" && typeof v.effective === "boolean").at(-1);
  return { rule: (latest("rule")?.effective as boolean | undefined) ?? null, judge: (latest("mllm")?.effective as boolean | undefined) ?? null };
}

export function flagsFor(payload: TrajectoryPayload | null, stepCount: number, verdicts: VerdictView[], agentClaimedFinish: boolean): MismatchFlag[] {
  const byStep = new Map(payload?.steps.map((s) => [s.stepIndex, s.label]) ?? []);
  const stepLabels: StepLabelValue[] = Array.from({ length: stepCount }, (_, i) => byStep.get(i) ?? "unsure");
  const { rule, judge } = outcomes(verdicts);
  return computeMismatchFlags({
    stepLabels,
    traceVerdict: (payload?.traceVerdict ?? null) as TraceVerdict | null,
    ruleOutcome: rule,
    judgeOutcome: judge,
    agentClaimedFinish,
  });
}

/** After a submitted answer or an override: the trajectory's denormalised review fields. */
export async function refreshTrajectoryReview(db: Db, projectId: string, trajectoryId: string, payload: TrajectoryPayload | null, verified: boolean) {
  const trajectory = await db.trajectory.findFirstOrThrow({ where: { id: trajectoryId, projectId }, select: { stepCount: true, agentClaimedFinish: true } });
  const verdicts = await verdictsFor(db, projectId, { trajectoryId });
  const flags = flagsFor(payload, trajectory.stepCount, verdicts, trajectory.agentClaimedFinish);
  await db.trajectory.update({
    where: { id: trajectoryId },
    data: {
      mismatchFlags: flags.join(","),
      ...(payload ? { humanVerdict: payload.traceVerdict, status: verified ? "verified" : "in_review", verifiedAt: verified ? new Date() : null } : {}),
    },
  });
  return flags;
}
