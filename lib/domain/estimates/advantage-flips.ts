// What trusting a judge would do to GRPO training: each rollout's outcome taken from the
// judge's verdict where it gave one (its own outcome otherwise), rewards and group advantages
// computed by the project's one reward function and group function, and compared with the
// advantages stored from verified labels. An advantage flips when the two have opposite signs:
// training would push that rollout the other way. Rollouts without a stored advantage (left out
// under the advantage policy) have nothing to flip.
import { advantagesInGroup } from "@/lib/domain/group-advantages";
import { trajectoryReward, type RewardSettings } from "@/lib/domain/rewards";

export type FlipRollout = {
  id: string;
  steps: number;
  invalidActions: number;
  storedAdvantage: number | null;
  storedOutcome: boolean | null; // what the stored advantage counted (null: left out)
  judged: boolean | null; // the judge's verdict on it, if any
};

export type AdvantageFlips = { groups: number; compared: number; flipped: number; flippedIds: string[] };

export function advantageSignFlips(groups: readonly (readonly FlipRollout[])[], rewards: RewardSettings): AdvantageFlips {
  let compared = 0;
  const flippedIds: string[] = [];
  for (const group of groups) {
    const trusted = group.map((r) => {
      const success = r.judged ?? r.storedOutcome;
      return { id: r.id, reward: success === null ? null : trajectoryReward({ steps: Math.max(1, r.steps), success, invalidActions: r.invalidActions }, rewards) };
    });
    const after = advantagesInGroup(trusted);
    for (const r of group) {
      const next = after.get(r.id)?.advantage ?? null;
      if (r.storedAdvantage === null || next === null) continue;
      compared += 1;
      if (Math.sign(r.storedAdvantage) * Math.sign(next) < 0) flippedIds.push(r.id);
    }
  }
  return { groups: groups.length, compared, flipped: flippedIds.length, flippedIds };
}
