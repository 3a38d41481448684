// The outcome a rollout counts with in its GRPO group (reward R_comp): the verified human
// verdict when there is one; otherwise the automatic outcome from the *effective* verdicts
// (rule verifier, else MLLM judge, after human overrides), else the outcome the rollout was
// imported with; unknown counts as failure, as in the group view.
import { automaticOutcome } from "@/lib/domain/mismatch-flags";

export type RolloutState = { status: string; humanVerdict: string | null; autoOutcome: boolean | null };
export type EffectiveOutcomes = { rule: boolean | null; judge: boolean | null };

export function isVerifiedOutcome(r: RolloutState): boolean {
  return r.status === "verified" && (r.humanVerdict === "success" || r.humanVerdict === "failure");
}

export function rolloutSuccess(r: RolloutState, effective: EffectiveOutcomes): boolean {
  if (isVerifiedOutcome(r)) return r.humanVerdict === "success";
  return (automaticOutcome(effective.rule, effective.judge) ?? r.autoOutcome) === true;
}
