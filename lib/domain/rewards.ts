// Trajectory rewards and GRPO group advantages recomputed from verified labels:
//   R   = eta^(T-1) * R_comp + R_p   (R_comp = 1 for a verified success, R_p = penalty * invalid actions)
//   A_i = (R_i - mean(R)) / (std(R) + 1e-6)
// std is the unbiased (n - 1) sample std, as in TRL's GRPOTrainer and verl's
// compute_grpo_outcome_advantage (both call torch.std, whose default is unbiased), so the
// advantages shown match what training computes for the same rewards.
import { z } from "zod";
import { ERROR_KINDS } from "@/lib/domain/labels";

export const RewardSettingsSchema = z.object({
  // Length decay in (0, 1]: 1 disables it; 0 would zero every multi-step success.
  eta: z.number().gt(0).lte(1).default(0.98),
  // A penalty: non-positive, applied once per invalid action.
  invalidActionPenalty: z.number().lte(0).default(-0.1),
  // Which rollouts count in rewards and group advantages (lib/domain/derive-trajectory.ts):
  // only verified ones, or unverified ones too with their automatic outcome.
  advantagePolicy: z.enum(["verified_only", "automatic_fallback"]).default("verified_only"),
  // Steps a human labelled with one of these error kinds (e.g. redundant, no_effect) count as
  // invalid actions in R_p, beside the source's own invalid_actions. None when absent (and then
  // absent from the stored settings, so projects that never set it keep their derivation inputs).
  penalisedErrorKinds: z.array(z.enum(ERROR_KINDS)).optional(),
});
export type RewardSettings = z.infer<typeof RewardSettingsSchema>;

export const ADVANTAGE_EPSILON = 1e-6;

export type TrajectoryOutcome = { steps: number; success: boolean; invalidActions: number };

export function trajectoryReward(
  outcome: TrajectoryOutcome,
  settings: RewardSettings = RewardSettingsSchema.parse({}),
): number {
  const { steps, success, invalidActions } = outcome;
  if (!Number.isInteger(steps) || steps < 1) {
    throw new RangeError(`steps must be an integer >= 1, got ${steps}`);
  }
  if (!Number.isInteger(invalidActions) || invalidActions < 0) {
    throw new RangeError(`invalidActions must be an integer >= 0, got ${invalidActions}`);
  }
  const completion = success ? 1 : 0;
  return settings.eta ** (steps - 1) * completion + settings.invalidActionPenalty * invalidActions;
}

// A group of one has no spread of its own. It is standardised as verl's GRPO does, with mean
// 0 and std 1 (volcengine/verl@b178a3c verl/trainer/ppo/core_algos.py:314-316), so its
// advantage is its reward / (1 + 1e-6): the number a verl run trains with for the same reward,
// which the group page, the pools' reward table and a trainer then agree on. (TRL's
// torch.std of one value is NaN, no number to show.)
export function groupAdvantages(rewards: readonly number[]): number[] {
  const n = rewards.length;
  if (n === 0) throw new RangeError("cannot compute advantages of an empty group");
  rewards.forEach((r, i) => {
    if (!Number.isFinite(r)) throw new RangeError(`reward at index ${i} must be finite, got ${r}`);
  });
  if (n === 1) return [rewards[0]! / (1 + ADVANTAGE_EPSILON)];
  const mean = rewards.reduce((s, r) => s + r, 0) / n;
  const std = Math.sqrt(rewards.reduce((s, r) => s + (r - mean) ** 2, 0) / (n - 1));
  return rewards.map((r) => (r - mean) / (std + ADVANTAGE_EPSILON));
}
