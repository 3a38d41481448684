import "server-only";
// A GRPO group: the G rollouts of one task, with rewards and advantages recomputed from the
// verified trace verdicts under the project's reward settings, beside the values the
// rollouts came with. A rollout not verified yet counts with its automatic outcome (the
// effective rule verdict, else the judge's, after overrides; else the imported one), and says so.
import type { Db } from "@/lib/db";
import { groupAdvantages, trajectoryReward, type RewardSettings } from "@/lib/domain/rewards";
import { isVerifiedOutcome, rolloutSuccess } from "@/lib/domain/rollout-outcome";
import { traceVerdictsOf } from "@/lib/verdicts/trace-verdicts";

export async function loadGroup(db: Db, projectId: string, groupKey: string, settings: RewardSettings) {
  const rollouts = await db.trajectory.findMany({
    where: { projectId, groupKey },
    orderBy: { id: "asc" },
    take: 256,
    select: {
      id: true, goal: true, model: true, stepCount: true, autoOutcome: true, humanVerdict: true, status: true,
      invalidActionCount: true, sourceReward: true, sourceAdvantage: true, mismatchFlags: true,
      steps: { orderBy: { index: "asc" }, take: 1, select: { media: { select: { id: true, width: true, height: true } } } },
    },
  });
  const verdicts = await traceVerdictsOf(db, projectId, rollouts.map((r) => r.id));
  const rows = rollouts.map((r) => {
    const v = verdicts.get(r.id);
    const effective = { rule: v?.rule?.effective ?? null, judge: v?.judge?.effective ?? null };
    const isVerified = isVerifiedOutcome(r);
    const success = rolloutSuccess(r, effective);
    const reward = trajectoryReward({ steps: Math.max(1, r.stepCount), success, invalidActions: r.invalidActionCount }, settings);
    const automatic = effective.rule ?? effective.judge ?? r.autoOutcome;
    return { ...r, automatic, firstMedia: r.steps[0]?.media ?? null, isVerified, success, reward };
  });
  const advantages = rows.length ? groupAdvantages(rows.map((r) => r.reward)) : [];
  return {
    groupKey,
    goal: rows[0]?.goal ?? null,
    rollouts: rows.map((r, i) => ({ ...r, advantage: advantages[i]! })),
    verifiedCount: rows.filter((r) => r.isVerified).length,
  };
}

export type GroupView = Awaited<ReturnType<typeof loadGroup>>;
