// Triage ranks judge disagreements by how much deciding them could change what training
// reads. Three kinds of candidate, one impact number each (higher = look first), and step
// verdicts (the last paragraph):
//
// Trajectory (rule vs judge, judge vs human): the stake is the trace outcome. If this
// rollout's outcome flipped (success <-> failure), its reward R = eta^(T-1) * R_comp + R_p
// changes, and inside a GRPO group of G rollouts so does every advantage
// A_i = (R_i - mean R) / (std R + 1e-6). Impact = sum_i |A_i(after) - A_i(before)| over the
// group, with the project's reward settings. A rollout without a group (or alone in it) has
// no advantage to move (A = 0), so its impact is |R(after) - R(before)| = eta^(T-1).
//   Example: G = 4 rollouts of equal length, eta = 1, outcomes (S, S, F, F): A = (.866, .866,
//   -.866, -.866). Flipping the first to F gives (-.5, 1.5, -.5, -.5): impact
//   1.366 + .634 + .366 + .366 = 2.732 (= 1 + sqrt 3). A lone 3-step rollout at eta .98: .9604.
//
// Sample (quality score, judge vs human and near a tier threshold): the stake is the tier the
// sample is routed to (gold / rewrite / discard). Impact = tier gap + nearness:
//   - tier gap: how many tiers apart the human's score and the judge's effective score put
//     the sample (gold vs rewrite 1, gold vs discard 2; 0 without a human score);
//   - nearness: for the closest threshold t within `margin` of the effective score s,
//     1 - |s - t| / margin, if moving s across t changes its tier (it cannot below 0);
//     0 otherwise. On the threshold itself nearness is 1; at the margin's edge it is 0, so a
//     margin of 0 turns "near a threshold" off.
//   Example: gold from 7, margin 0.5, judge 6.8, no human score: nearness 1 - .2/.5 = 0.6.
//
// Step (a step-level judge's yes/no vs the human's label of that step): no outcome, reward or
// advantage Verity computes rests on a step verdict; what deciding it changes is the step's own
// label in what a step-level (process) reward reads, one of the trajectory's T steps. Impact =
// 1/T: the share of the trajectory that step is, so a disagreement in a short trajectory comes
// before one in a long one, and a step never outranks a lone trajectory's flip at eta = 1.
//   Example: step 3 of an 8-step episode, judge yes, human incorrect: 1/8 = 0.125.
//
// The scales differ on purpose: a trajectory flip inside a group moves G training signals at
// once (typically 2-4 units), a lone trajectory at most 1, a sample's routing 1 per tier plus
// at most 1 for nearness.
import { groupAdvantages, trajectoryReward, type RewardSettings, type TrajectoryOutcome } from "@/lib/domain/rewards";
import { qualityTier, type QualityTier, type TierSettings } from "@/lib/domain/tiers";

export const TRIAGE_REASONS = ["rule_vs_judge", "judge_vs_human", "near_threshold"] as const;
export type TriageReason = (typeof TRIAGE_REASONS)[number];

// Default margin around each tier threshold (in 0-10 score points) inside which a score
// counts as "at the threshold": half a point, the step of the score input.
export const DEFAULT_TRIAGE_MARGIN = 0.5;

export type FlipEffect = {
  rewardsBefore: number[];
  rewardsAfter: number[];
  advantagesBefore: number[];
  advantagesAfter: number[];
  impact: number;
};

/** What flipping rollout `index` of `group` (all G rollouts of one task) does to rewards and advantages. */
export function flipEffect(group: readonly TrajectoryOutcome[], index: number, settings: RewardSettings): FlipEffect {
  if (!Number.isInteger(index) || index < 0 || index >= group.length) {
    throw new RangeError(`flipEffect: index ${index} is outside a group of ${group.length}`);
  }
  const flipped = group.map((r, i) => (i === index ? { ...r, success: !r.success } : r));
  const rewardsBefore = group.map((r) => trajectoryReward(r, settings));
  const rewardsAfter = flipped.map((r) => trajectoryReward(r, settings));
  if (group.length === 1) {
    return { rewardsBefore, rewardsAfter, advantagesBefore: groupAdvantages(rewardsBefore), advantagesAfter: groupAdvantages(rewardsAfter), impact: Math.abs(rewardsAfter[0]! - rewardsBefore[0]!) };
  }
  const advantagesBefore = groupAdvantages(rewardsBefore);
  const advantagesAfter = groupAdvantages(rewardsAfter);
  const impact = advantagesAfter.reduce((sum, a, i) => sum + Math.abs(a - advantagesBefore[i]!), 0);
  return { rewardsBefore, rewardsAfter, advantagesBefore, advantagesAfter, impact };
}

const TIER_RANK: Record<QualityTier, number> = { discard: 0, rewrite: 1, gold: 2 };

export function tierGap(a: QualityTier, b: QualityTier): number {
  return Math.abs(TIER_RANK[a] - TIER_RANK[b]);
}

export type ThresholdNearness = { threshold: number; nearness: number };

/** The closest threshold within `margin` of `score` whose crossing changes the tier, or null. */
export function thresholdNearness(score: number, tiers: TierSettings, margin: number): ThresholdNearness | null {
  if (!(margin >= 0)) throw new RangeError(`margin must be >= 0, got ${margin}`);
  const tier = qualityTier(score, tiers);
  let best: ThresholdNearness | null = null;
  for (const threshold of new Set([tiers.rewriteMin, tiers.goldMin])) {
    const distance = Math.abs(score - threshold);
    if (distance >= margin) continue;
    // Just across the threshold: at it from below, just under it from above (impossible under 0).
    const across = score >= threshold ? threshold - 1e-9 : threshold;
    if (across < 0 || qualityTier(across, tiers) === tier) continue;
    const nearness = 1 - distance / margin;
    if (!best || nearness > best.nearness) best = { threshold, nearness };
  }
  return best;
}

export type SampleImpact = { reasons: TriageReason[]; impact: number; judgeTier: QualityTier; humanTier: QualityTier | null; threshold: number | null };

export function sampleImpact(judgeScore: number, humanScore: number | null, tiers: TierSettings, margin: number): SampleImpact {
  const judgeTier = qualityTier(judgeScore, tiers);
  const humanTier = humanScore === null ? null : qualityTier(humanScore, tiers);
  const gap = humanTier === null ? 0 : tierGap(judgeTier, humanTier);
  const near = thresholdNearness(judgeScore, tiers, margin);
  const reasons: TriageReason[] = [];
  if (gap > 0) reasons.push("judge_vs_human");
  if (near) reasons.push("near_threshold");
  return { reasons, impact: gap + (near?.nearness ?? 0), judgeTier, humanTier, threshold: near?.threshold ?? null };
}

export type TrajectoryDisagreement = { rule: boolean | null; judge: boolean | null; human: string | null };

/** Why a trajectory's judge verdict is in triage: it differs from the rule verifier, or from the human verdict. */
export function trajectoryReasons({ rule, judge, human }: TrajectoryDisagreement): TriageReason[] {
  if (judge === null) return [];
  const reasons: TriageReason[] = [];
  if (rule !== null && rule !== judge) reasons.push("rule_vs_judge");
  if ((human === "success" || human === "failure") && (human === "success") !== judge) reasons.push("judge_vs_human");
  return reasons;
}

export type StepDisagreement = { judge: boolean; human: boolean | null };

/** Why a step's judge verdict is in triage: it differs from the human's label of the step
 * (read as a yes/no by stepLabelJudgement; null when the label answers nothing). */
export function stepReasons({ judge, human }: StepDisagreement): TriageReason[] {
  return human !== null && human !== judge ? ["judge_vs_human"] : [];
}

/** What deciding a step verdict could move: the step's share of its trajectory. */
export function stepFlipImpact(stepCount: number): number {
  return 1 / Math.max(1, stepCount);
}

// Highest impact first; among equals, the one with more reasons to doubt the judge, then a
// stable order by id so the list and a queue made from it agree.
export function rankCandidates<T extends { id: string; impact: number; reasons: readonly TriageReason[] }>(candidates: readonly T[]): T[] {
  return [...candidates].sort((a, b) => b.impact - a.impact || b.reasons.length - a.reasons.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
