import "server-only";
// The stored flags of a trajectory rest on its final answer: the latest submitted
// adjudication (consensus or a reviewer's), else the latest submitted label; recomputed when
// a verdict they depend on is overridden.
import type { Db } from "@/lib/db";
import { trajectoryPayloadOf } from "@/lib/trajectories/save-trajectory-annotation";
import { refreshTrajectoryReview } from "@/lib/trajectories/trajectory-flags";

export async function refreshTrajectoryFlags(db: Db, projectId: string, trajectoryId: string) {
  const answer = await db.annotation.findFirst({ where: { trajectoryId, status: "submitted" }, orderBy: [{ kind: "asc" }, { submittedAt: "desc" }] }); // "adjudication" sorts before "label"
  const trajectory = await db.trajectory.findUniqueOrThrow({ where: { id: trajectoryId }, select: { status: true } });
  return refreshTrajectoryReview(db, projectId, trajectoryId, answer ? trajectoryPayloadOf(answer) : null, trajectory.status === "verified");
}
