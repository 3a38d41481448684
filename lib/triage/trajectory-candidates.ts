import "server-only";
// Trajectories whose MLLM judge disagrees with the rule verifier or with the human verdict,
// each with the impact of its outcome flipping inside its GRPO group. The group's rollouts
// count with their stored outcomes (lib/domain/derive-trajectory.ts, under the project's
// advantage policy); a candidate the policy leaves out (not verified yet) is counted with its
// effective automatic outcome, since deciding its verdict is what could bring it in.
//
// The database first narrows the rows to those that *can* disagree: raw verdict values that
// differ (rule vs judge, judge vs human verdict) or a verdict with an accepted override. That
// set is a superset of the real disagreements (with no override anywhere, equal raw values
// mean equal effective values); the exact, effective comparison happens here on that set.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { flipEffect, trajectoryReasons } from "@/lib/domain/triage-impact";
import type { RewardSettings } from "@/lib/domain/rewards";
import { groupRollouts } from "@/lib/trajectories/group-rollouts";
import { traceVerdictsOf } from "@/lib/verdicts/trace-verdicts";
import type { GroupFlip, TrajectoryCandidate } from "@/lib/triage/candidate-types";

const trace = (kind: string, valueBool: boolean): Prisma.TrajectoryWhereInput => ({
  verdicts: { some: { kind, metric: "trace_success", valueBool } },
});

function mayDisagree(projectId: string): Prisma.TrajectoryWhereInput {
  return {
    projectId,
    verdicts: { some: { kind: "mllm", metric: "trace_success", valueBool: { not: null } } },
    OR: [
      { AND: [trace("rule", true), trace("mllm", false)] },
      { AND: [trace("rule", false), trace("mllm", true)] },
      { AND: [{ humanVerdict: "success" }, trace("mllm", false)] },
      { AND: [{ humanVerdict: "failure" }, trace("mllm", true)] },
      { verdicts: { some: { metric: "trace_success", overrides: { some: { status: "accepted" } } } } },
    ],
  };
}

const SELECT = {
  id: true, goal: true, app: true, benchmark: true, groupKey: true, stepCount: true, invalidActionCount: true,
  status: true, humanVerdict: true, outcome: true, effectiveAutoOutcome: true,
} as const;

/** Candidates among the project's trajectories, or among `onlyIds` (the decision view asks for one). */
export async function trajectoryCandidates(db: Db, projectId: string, rewards: RewardSettings, onlyIds?: string[]): Promise<TrajectoryCandidate[]> {
  const rows = await db.trajectory.findMany({
    where: onlyIds ? { projectId, id: { in: onlyIds } } : mayDisagree(projectId),
    select: SELECT,
  });
  const verdicts = await traceVerdictsOf(db, projectId, rows.map((r) => r.id));
  const doubted = rows.flatMap((r) => {
    const v = verdicts.get(r.id);
    if (!v?.judge) return [];
    const reasons = trajectoryReasons({ rule: v.rule?.effective ?? null, judge: v.judge.effective, human: r.humanVerdict });
    return onlyIds || reasons.length ? [{ row: r, verdicts: v, reasons }] : [];
  });
  const groupKeys = [...new Set(doubted.flatMap((d) => (d.row.groupKey ? [d.row.groupKey] : [])))];
  const groups = await groupRollouts(db, projectId, groupKeys);

  return doubted.map(({ row, verdicts: v, reasons }) => {
    const judge = v.judge!;
    const outcome = row.outcome ?? row.effectiveAutoOutcome ?? false;
    const counted = (row.groupKey ? groups.get(row.groupKey) ?? [] : []).filter((m) => m.outcome !== null || m.id === row.id);
    const members = counted.map((m) => ({ ...m, success: m.id === row.id ? outcome : m.outcome! }));
    const index = members.findIndex((m) => m.id === row.id);
    const inGroup = index >= 0 && members.length > 1;
    const outcomes = inGroup
      ? members.map((m) => ({ steps: Math.max(1, m.stepCount), success: m.success, invalidActions: m.invalidActionCount }))
      : [{ steps: Math.max(1, row.stepCount), success: outcome, invalidActions: row.invalidActionCount }];
    const effect = flipEffect(outcomes, inGroup ? index : 0, rewards);
    const group: GroupFlip | null = inGroup
      ? {
          groupKey: row.groupKey!,
          rollouts: members.map((m, i) => ({
            id: m.id,
            success: m.success,
            rewardBefore: effect.rewardsBefore[i]!,
            rewardAfter: effect.rewardsAfter[i]!,
            advantageBefore: effect.advantagesBefore[i]!,
            advantageAfter: effect.advantagesAfter[i]!,
          })),
        }
      : null;
    return {
      kind: "trajectory" as const,
      id: judge.id,
      verdictId: judge.id,
      trajectoryId: row.id,
      title: row.goal,
      app: row.app,
      benchmark: row.benchmark,
      judgeName: judge.judgeName,
      judge: judge.effective,
      rule: v.rule ? { id: v.rule.id, judgeName: v.rule.judgeName, effective: v.rule.effective } : null,
      human: row.humanVerdict,
      outcome,
      reasons,
      impact: effect.impact,
      group,
    };
  });
}
