import "server-only";
// Everything the trajectory review screen shows, scoped to the caller's project: the
// trajectory and its steps (screenshot ids, canonical actions, thoughts, raw outputs),
// trajectory- and step-level verdicts with overrides, the caller's own answer and version,
// and the mismatch flags of that answer. Not the trajectory's review status nor the human
// verdict: this goes to annotators too, and in a queue a verified item would give a honeypot
// away (reviewers get them from lib/queues/review-standing.ts).
import type { Db } from "@/lib/db";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import { flagsFor } from "@/lib/trajectories/trajectory-flags";
import { trajectoryPayloadOf } from "@/lib/trajectories/save-trajectory-annotation";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";

export async function loadTrajectoryReview(db: Db, projectId: string, trajectoryId: string, userId: string) {
  const t = await db.trajectory.findFirst({
    where: { id: trajectoryId, projectId },
    include: {
      run: { select: { id: true, name: true } },
      steps: { orderBy: { index: "asc" }, include: { media: { select: { id: true, width: true, height: true } } } },
    },
  });
  if (!t) return null;
  const [verdicts, stepVerdicts, mine, groupSize] = await Promise.all([
    verdictsFor(db, projectId, { trajectoryId }),
    Promise.all(t.steps.map((s) => verdictsFor(db, projectId, { stepId: s.id }))),
    db.annotation.findUnique({ where: { trajectoryId_annotatorId_kind: { trajectoryId, annotatorId: userId, kind: "label" } } }),
    t.groupKey ? db.trajectory.count({ where: { projectId, groupKey: t.groupKey } }) : Promise.resolve(1),
  ]);
  const payload = mine ? trajectoryPayloadOf(mine) : null;
  return {
    id: t.id,
    goal: t.goal,
    benchmark: t.benchmark,
    app: t.app,
    model: t.model,
    run: t.run,
    groupKey: t.groupKey,
    groupSize,
    source: `${t.sourceDataset} / ${t.sourceId}`,
    autoOutcome: t.autoOutcome,
    agentClaimedFinish: t.agentClaimedFinish,
    steps: t.steps.map((s, i) => {
      const parsed = s.action === null ? null : ActionSchema.safeParse(s.action);
      return {
        id: s.id,
        index: s.index,
        media: s.imageMissing ? null : s.media,
        imageRef: s.imageRef,
        action: (parsed?.success ? parsed.data : null) as Action | null,
        isRepeated: s.isRepeated,
        thought: s.thought,
        rawOutput: s.rawOutput,
        hasUiTree: s.uiTreeKey !== null,
        verdicts: stepVerdicts[i]!,
      };
    }),
    verdicts,
    mine: mine ? { version: mine.version, status: mine.status, updatedAt: mine.updatedAt.toISOString(), payload: payload! } : null,
    flags: flagsFor(payload, t.stepCount, verdicts, t.agentClaimedFinish),
  };
}

export type TrajectoryReview = NonNullable<Awaited<ReturnType<typeof loadTrajectoryReview>>>;
