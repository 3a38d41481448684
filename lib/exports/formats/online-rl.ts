// Online-RL JSONL: one row per verified trajectory with its reward and its GRPO advantage
// within its group (rollouts of the same task, `group_key`), as stored on the trajectory.
//   { id, goal, group_key, group_size, steps: [{images:[path], action|null}], success,
//     invalid_actions, reward, advantage, revision_ids }
// Conventions: reward = eta^(T-1) * [success] + penalty * invalid (T = number of steps) and
// advantage = (R - mean) / (std + 1e-6) with the unbiased std over the rollouts the project's
// advantage policy counts (group_size of them), both derived once (lib/domain/derive-trajectory.ts,
// lib/domain/group-advantages.ts) and read here; a group of one gets advantage 0. Step actions
// are on the [0,1000] grid of their screenshot, like the other exports. Rows keep the input order.
import "server-only";
import { z } from "zod";
import { ActionSchema } from "@/lib/domain/actions";
import { actionOnGrid } from "@/lib/exports/action-on-grid";
import type { VerifiedTrajectory } from "@/lib/exports/export-types";

export const OnlineRlRowSchema = z
  .object({
    id: z.string(),
    goal: z.string(),
    group_key: z.string().describe("the task the group's rollouts share"),
    group_size: z.int().min(1).describe("rollouts counted in the advantage, under the advantage policy the manifest names"),
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
    revision_ids: z.array(z.string()),
  })
  .describe("online-RL trajectory row (JSONL)");
export type OnlineRlRow = z.infer<typeof OnlineRlRowSchema>;

export function onlineRlRows(trajectories: readonly VerifiedTrajectory[]): OnlineRlRow[] {
  return trajectories.map((t) => ({
    id: t.id,
    goal: t.goal,
    group_key: t.groupKey,
    group_size: t.groupSize,
    steps: t.steps.map((s) => ({
      images: [s.imagePath],
      action: s.action === null ? null : actionOnGrid(s.action, s.image),
    })),
    success: t.success,
    invalid_actions: t.invalidActions,
    reward: t.reward,
    advantage: t.advantage,
    revision_ids: [...t.revisionIds],
  }));
}
