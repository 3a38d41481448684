import "server-only";
// A GRPO group: the G rollouts of one task, with their stored rewards and advantages (derived
// from the final answers under the project's reward settings and advantage policy,
// lib/domain/derive-trajectory.ts and group-advantages.ts) beside the values the rollouts
// came with. Reviewers only: it shows verified verdicts.
import type { Db } from "@/lib/db";
import { storedFlags } from "@/lib/trajectories/trajectory-review";

// A group is the G rollouts of one task; the group view shows at most this many.
export const MAX_GROUP_SIZE = 256;

export async function loadGroup(db: Db, projectId: string, groupKey: string) {
  const rollouts = await db.trajectory.findMany({
    where: { projectId, groupKey },
    orderBy: { id: "asc" },
    take: MAX_GROUP_SIZE,
    select: {
      id: true, goal: true, model: true, stepCount: true, status: true, humanVerdict: true, invalidActionCount: true,
      autoOutcome: true, effectiveAutoOutcome: true, outcome: true, outcomeSource: true, reward: true, advantage: true, groupSize: true,
      sourceReward: true, sourceAdvantage: true, mismatchFlags: true,
      steps: { orderBy: { index: "asc" }, take: 1, select: { media: { select: { id: true, width: true, height: true } } } },
    },
  });
  const rows = rollouts.map(({ steps, mismatchFlags, ...r }) => ({
    ...r,
    flags: storedFlags(mismatchFlags, true),
    firstMedia: steps[0]?.media ?? null,
    isVerified: r.outcomeSource === "human",
  }));
  return {
    groupKey,
    goal: rows[0]?.goal ?? null,
    rollouts: rows,
    verifiedCount: rows.filter((r) => r.isVerified).length,
    countedCount: rows.filter((r) => r.reward !== null).length,
  };
}

export type GroupView = Awaited<ReturnType<typeof loadGroup>>;
