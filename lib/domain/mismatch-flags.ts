// Mismatch flags are computed from labels and verdicts, never typed by hand, so they can
// always be recomputed after an input changes. Each flag marks a disagreement worth a look:
// between step labels and the trace verdict, between automatic and human outcomes, between
// the two automatic checkers, and between what the agent claimed and what happened; and one
// that is evidence rather than disagreement: a step whose action left the screen unchanged.
import { z } from "zod";
import type { StepLabelValue } from "@/lib/domain/labels";

export const MISMATCH_FLAGS = [
  "steps_ok_trace_failed",
  "trace_ok_with_bad_steps",
  "auto_vs_human",
  "rule_vs_judge",
  "claimed_finish_failed",
  "no_visible_effect",
] as const;
export const MismatchFlagSchema = z.enum(MISMATCH_FLAGS);
export type MismatchFlag = z.infer<typeof MismatchFlagSchema>;

// Flags that rest on a human verdict: they give away that an item is verified, so annotators
// (who must not tell honeypots apart) are shown only the others.
export const HUMAN_FLAGS: ReadonlySet<MismatchFlag> = new Set(["steps_ok_trace_failed", "trace_ok_with_bad_steps", "auto_vs_human", "claimed_finish_failed"]);

export type MismatchInput = {
  // One label per step; an unlabeled step is "unsure".
  stepLabels: readonly StepLabelValue[];
  // The human trace verdict: true success, false failure, null none or unsure.
  human: boolean | null;
  // The automatic outcome as the checkers reported it (rule, else judge, else the source's).
  automatic: boolean | null;
  // The checkers' effective verdicts (after overrides): a settled disagreement is no flag.
  ruleOutcome: boolean | null;
  judgeOutcome: boolean | null;
  // What the trajectory ended in: the human verdict, else the effective automatic outcome.
  finalOutcome: boolean | null;
  agentClaimedFinish: boolean;
  // Some step's screen did not change after its action (deriveTrajectory's noVisibleEffectSteps).
  hasNoVisibleEffectStep: boolean;
};

// The rule verifier is deterministic and checks the final state, so it wins over the MLLM
// judge whenever it has an answer.
export function automaticOutcome(rule: boolean | null, judge: boolean | null): boolean | null {
  return rule ?? judge;
}

// Flags come back in MISMATCH_FLAGS order, so equal inputs give equal arrays.
export function computeMismatchFlags(input: MismatchInput): MismatchFlag[] {
  const { stepLabels, human, automatic, ruleOutcome, judgeOutcome, finalOutcome, agentClaimedFinish, hasNoVisibleEffectStep } = input;
  const raised: Record<MismatchFlag, boolean> = {
    // An unlabeled or unsure step is not "ok": the flag needs every step positively correct.
    steps_ok_trace_failed: human === false && stepLabels.length > 0 && stepLabels.every((l) => l === "correct"),
    trace_ok_with_bad_steps: human === true && stepLabels.some((l) => l === "incorrect"),
    auto_vs_human: automatic !== null && human !== null && automatic !== human,
    rule_vs_judge: ruleOutcome !== null && judgeOutcome !== null && ruleOutcome !== judgeOutcome,
    claimed_finish_failed: agentClaimedFinish && finalOutcome === false,
    no_visible_effect: hasNoVisibleEffectStep,
  };
  return MISMATCH_FLAGS.filter((flag) => raised[flag]);
}
