import "server-only";
// The figures on a project's home page, each a count on an indexed column. Annotators get no
// verified counts and only their own activity: what others verified (or made a honeypot of)
// would tell them which items have a known answer.
import type { Db } from "@/lib/db";

export async function projectOverview(db: Db, projectId: string, viewer: { userId: string; seesHuman: boolean }) {
  const [samples, samplesVerified, imagesMissing, trajectories, trajectoriesVerified, steps, runs, members, recentSamples, recentAudit] =
    await Promise.all([
      db.groundingSample.count({ where: { projectId } }),
      viewer.seesHuman ? db.groundingSample.count({ where: { projectId, status: "verified" } }) : Promise.resolve(null),
      db.groundingSample.count({ where: { projectId, imageMissing: true } }),
      db.trajectory.count({ where: { projectId } }),
      viewer.seesHuman ? db.trajectory.count({ where: { projectId, status: "verified" } }) : Promise.resolve(null),
      db.step.count({ where: { trajectory: { projectId } } }),
      db.evaluationRun.findMany({ where: { projectId }, orderBy: { createdAt: "desc" }, take: 5, include: { _count: { select: { trajectories: true } } } }),
      db.membership.count({ where: { projectId } }),
      db.groundingSample.findMany({
        where: { projectId },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        take: 8,
        select: {
          id: true, instruction: true, language: true, platform: true, targetAbsent: true, imageMissing: true, imageRef: true,
          boxX1: true, boxY1: true, boxX2: true, boxY2: true,
          media: { select: { id: true, width: true, height: true } },
        },
      }),
      db.auditLog.findMany({
        where: { projectId, ...(viewer.seesHuman ? {} : { userId: viewer.userId }) },
        orderBy: { createdAt: "desc" },
        take: 8,
        include: { user: { select: { name: true } } },
      }),
    ]);
  // A grounding run has no episodes: the samples its model answered say what it holds.
  const answered = runs.length
    ? await db.modelPrediction.groupBy({ by: ["runId"], where: { projectId, runId: { in: runs.filter((r) => r._count.trajectories === 0).map((r) => r.id) } }, _count: { _all: true } })
    : [];
  const answersOf = new Map(answered.map((a) => [a.runId, a._count._all]));
  const runsWithAnswers = runs.map((run) => ({ ...run, answers: answersOf.get(run.id) ?? 0 }));
  return { samples, samplesVerified, imagesMissing, trajectories, trajectoriesVerified, steps, runs: runsWithAnswers, members, recentSamples, recentAudit };
}

export type ProjectOverview = Awaited<ReturnType<typeof projectOverview>>;
