// GRPO advantages within a group (the G rollouts of one task), from the rewards the rollouts
// count with (lib/domain/derive-trajectory.ts): a rollout without a reward under the project's
// advantage policy (unverified under "verified_only", or with no outcome at all) is left out
// of the group's statistics and gets no advantage. A rollout outside any group is a group of
// one (standardised as verl does: lib/domain/rewards.ts groupAdvantages). One function, so the group page, triage and the online-RL export agree.
import { groupAdvantages } from "@/lib/domain/rewards";

export type GroupMember = { id: string; reward: number | null };
export type MemberAdvantage = { advantage: number | null; groupSize: number | null };

export function advantagesInGroup(members: readonly GroupMember[]): Map<string, MemberAdvantage> {
  const counted = members.filter((m): m is { id: string; reward: number } => m.reward !== null);
  const values = counted.length ? groupAdvantages(counted.map((m) => m.reward)) : [];
  const result = new Map<string, MemberAdvantage>(members.map((m) => [m.id, { advantage: null, groupSize: null }]));
  counted.forEach((m, i) => result.set(m.id, { advantage: values[i]!, groupSize: counted.length }));
  return result;
}
