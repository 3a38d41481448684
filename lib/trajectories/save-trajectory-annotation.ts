import "server-only";
// Saving a trajectory review (the review screen, the API, tests): saveAnswer for trajectories.
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { saveAnswer, type SaveAnswerResult, type SavedAnnotation } from "@/lib/annotations/save-answer";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";

export { trajectoryColumns, trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";

export type SaveTrajectoryInput = { trajectoryId: string; baseVersion: number | null; status: "draft" | "submitted"; payload: TrajectoryPayload };

export async function saveTrajectoryAnnotation(db: Db, access: ProjectAccess, input: SaveTrajectoryInput): Promise<SavedAnnotation & { outcome: SaveAnswerResult["outcome"] }> {
  const { saved, outcome } = await saveAnswer(db, access, { itemType: "trajectory", itemId: input.trajectoryId, baseVersion: input.baseVersion, status: input.status, payload: input.payload });
  return { ...saved, outcome };
}
