import "server-only";
// Saving a trajectory review: scoped to the trajectory's project, versioned through
// saveVersioned (optimistic locking); on submit the human verdict and mismatch flags follow,
// except that an annotator's answer to an already verified trajectory (a honeypot say)
// leaves the trajectory as it is: it is their own answer, not a review of the item.
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { saveVersioned } from "@/lib/annotations/versioned-save";
import { trajectoryProblem, TrajectoryPayloadSchema, type TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";
import { refreshTrajectoryReview } from "@/lib/trajectories/trajectory-flags";

export type SaveTrajectoryInput = { trajectoryId: string; baseVersion: number | null; status: "draft" | "submitted"; payload: TrajectoryPayload };

export function trajectoryPayloadOf(row: { traceVerdict: string | null; firstWrongStep: number | null; stepLabels: unknown; note: string | null }): TrajectoryPayload {
  const parsed = TrajectoryPayloadSchema.safeParse({ traceVerdict: row.traceVerdict, firstWrongStep: row.firstWrongStep, steps: row.stepLabels ?? [], note: row.note });
  return parsed.success ? parsed.data : { traceVerdict: null, firstWrongStep: null, steps: [], note: row.note };
}

/** The Annotation columns of a trajectory answer. */
export function trajectoryColumns(payload: TrajectoryPayload) {
  return {
    traceVerdict: payload.traceVerdict,
    firstWrongStep: payload.firstWrongStep,
    stepLabels: payload.steps,
    stepsCorrect: payload.steps.filter((s) => s.label === "correct").length,
    stepsIncorrect: payload.steps.filter((s) => s.label === "incorrect").length,
    note: payload.note,
  };
}

export async function saveTrajectoryAnnotation(db: Db, access: ProjectAccess, input: SaveTrajectoryInput) {
  const trajectory = await db.trajectory.findFirst({ where: { id: input.trajectoryId, projectId: access.projectId }, select: { id: true, stepCount: true, status: true } });
  if (!trajectory) throw new AppError("not_found", "No such trajectory.");
  if (input.status === "submitted") {
    const problem = trajectoryProblem(input.payload, trajectory.stepCount);
    if (problem) throw new AppError("invalid_input", `Cannot submit: ${problem}.`);
  }
  const { payload } = input;
  const saved = await saveVersioned(db, {
    projectId: access.projectId,
    annotatorId: access.user.id,
    item: { trajectoryId: trajectory.id },
    baseVersion: input.baseVersion,
    data: { status: input.status, submittedAt: input.status === "submitted" ? new Date() : null, ...trajectoryColumns(payload) },
    describe: trajectoryPayloadOf,
  });
  if (input.status === "submitted") {
    const isReviewer = access.role === "owner" || roleAtLeast(access.role, "reviewer");
    if (isReviewer || trajectory.status !== "verified") await refreshTrajectoryReview(db, access.projectId, trajectory.id, payload, isReviewer);
    await recordAudit(db, { userId: access.user.id, projectId: access.projectId, action: "annotation.submit", targetType: "trajectory", targetId: trajectory.id, details: { version: saved.version } });
  }
  return { id: saved.id, version: saved.version, status: saved.status, updatedAt: saved.updatedAt.toISOString() };
}
