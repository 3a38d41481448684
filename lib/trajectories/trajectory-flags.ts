import "server-only";
// Recomputes a trajectory's mismatch flags from its verified labels and its effective
// verdicts, and stores them (with the human verdict) on the trajectory for list filters.
import type { Db } from "@/lib/db";
import type { MismatchFlag } from "@/lib/domain/mismatch-flags";
import { reviewFlags } from "@/lib/domain/review-flags";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";
import { verdictsFor, type VerdictView } from "@/lib/verdicts/effective-verdicts";

export function flagsFor(payload: TrajectoryPayload | null, stepCount: number, verdicts: VerdictView[], agentClaimedFinish: boolean): MismatchFlag[] {
  return reviewFlags(payload, stepCount, verdicts, agentClaimedFinish);
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
