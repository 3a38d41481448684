// Online-RL JSONL: one row per verified trajectory with its reward recomputed from the human
// labels and its GRPO advantage within its group (rollouts of the same task, `group_key`).
//   { id, goal, group_key, group_size, steps: [{images:[path], action|null}], success,
//     invalid_actions, reward, advantage, annotation_ids }
// Conventions: reward = eta^(T-1) * [success] + penalty * invalid (T = number of steps),
// advantage = (R - mean) / (std + 1e-6) with the unbiased std, both from lib/domain/rewards.ts
// with the project's RewardSettings; a group of one gets advantage 0. Step actions are on the
// [0,1000] grid of their screenshot, like the other exports. Rows keep the input order.
import "server-only";
import { z } from "zod";
import { ActionSchema } from "@/lib/domain/actions";
import { groupAdvantages, trajectoryReward, type RewardSettings } from "@/lib/domain/rewards";
import { AppError } from "@/lib/errors";
import { actionOnGrid } from "@/lib/exports/action-on-grid";
import type { VerifiedTrajectory } from "@/lib/exports/export-types";

export const OnlineRlRowSchema = z
  .object({
    id: z.string(),
    goal: z.string(),
    group_key: z.string().describe("the task the group's rollouts share"),
    group_size: z.int().min(1),
    steps: z
      .array(
        z.object({
          images: z.array(z.string()).length(1),
          action: ActionSchema.nullable().describe("coordinates on the [0,1000] grid; null when unparseable"),
        }),
      )
      .min(1),
    success: z.boolean().describe("the human trace verdict"),
    invalid_actions: z.int().min(0),
    reward: z.number().describe("eta^(T-1) * R_comp + penalty * invalid_actions"),
    advantage: z.number().describe("(R - mean(R)) / (std(R) + 1e-6) within group_key; 0 for a group of one"),
    annotation_ids: z.array(z.string()),
  })
  .describe("online-RL trajectory row (JSONL)");
export type OnlineRlRow = z.infer<typeof OnlineRlRowSchema>;

export function onlineRlRows(trajectories: readonly VerifiedTrajectory[], settings: RewardSettings): OnlineRlRow[] {
  const rewards = trajectories.map((t) => {
    if (t.steps.length === 0) {
      throw new AppError("invalid_input", `trajectory ${t.id} has no steps`, { id: t.id });
    }
    return trajectoryReward({ steps: t.steps.length, success: t.success, invalidActions: t.invalidActions }, settings);
  });

  // Row positions per group, so each advantage lands back on its own trajectory.
  const groups = new Map<string, number[]>();
  trajectories.forEach((t, i) => groups.set(t.groupKey, [...(groups.get(t.groupKey) ?? []), i]));
  const advantages = new Array<number>(trajectories.length);
  const groupSizes = new Array<number>(trajectories.length);
  for (const positions of groups.values()) {
    const groupAdv = groupAdvantages(positions.map((i) => rewards[i]!));
    positions.forEach((i, k) => {
      advantages[i] = groupAdv[k]!;
      groupSizes[i] = positions.length;
    });
  }

  return trajectories.map((t, i) => ({
    id: t.id,
    goal: t.goal,
    group_key: t.groupKey,
    group_size: groupSizes[i]!,
    steps: t.steps.map((s) => ({
      images: [s.imagePath],
      action: s.action === null ? null : actionOnGrid(s.action, s.image),
    })),
    success: t.success,
    invalid_actions: t.invalidActions,
    reward: rewards[i]!,
    advantage: advantages[i]!,
    annotation_ids: [...t.annotationIds],
  }));
}
