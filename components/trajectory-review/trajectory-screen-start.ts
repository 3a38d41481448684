// Where a trajectory's screen opens: the answer it starts from (the person's own, else, for a
// reviewer on a verified trajectory, its final answer) and the first step that answer leaves
// unlabelled, so work resumes where it stopped. The screen and the session's read-ahead (which
// decodes that step's screenshot before the swap) both ask here.
import { EMPTY_TRAJECTORY_PAYLOAD, type TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import type { TrajectoryScreen } from "@/lib/api/review-screens/trajectory-screen";

export function startingPayload(screen: Pick<TrajectoryScreen, "review" | "finalPayload">): TrajectoryPayload {
  return screen.review.mine?.payload ?? (screen.finalPayload ? { ...screen.finalPayload, note: null } : EMPTY_TRAJECTORY_PAYLOAD);
}

export function firstUnlabeled(payload: TrajectoryPayload, stepCount: number): number {
  const labeled = new Set(payload.steps.map((s) => s.stepIndex));
  const i = Array.from({ length: stepCount }, (_, n) => n).find((n) => !labeled.has(n));
  return i ?? 0;
}

/** The trajectory's address in the same list (the filters ride along), or the list's. */
export function trajectoryAddress(screen: Pick<TrajectoryScreen, "project" | "query">, trajectoryId: string | null): string {
  const base = `/projects/${screen.project.slug}/trajectories`;
  return trajectoryId ? `${base}/${trajectoryId}${screen.query}` : `${base}${screen.query}`;
}

/** Where a submit goes: the next trajectory still to review, else the list. */
export function submitTarget(screen: Pick<TrajectoryScreen, "neighbours">): string | null {
  return screen.neighbours.nextToReview === undefined ? screen.neighbours.next : screen.neighbours.nextToReview;
}
