// Mismatch flags are computed from labels and verdicts, never typed by hand, so they can
// always be recomputed after a label changes. Each flag marks a disagreement worth a look:
// between step labels and the trace verdict, between automatic and human outcomes, between
// the two automatic checkers, and between what the agent claimed and what happened.
import { z } from "zod";
import type { StepLabelValue, TraceVerdict } from "@/lib/domain/labels";

export const MISMATCH_FLAGS = [
  "steps_ok_trace_failed",
  "trace_ok_with_bad_steps",
  "auto_vs_human",
  "rule_vs_judge",
  "claimed_finish_failed",
] as const;
export const MismatchFlagSchema = z.enum(MISMATCH_FLAGS);
export type MismatchFlag = z.infer<typeof MismatchFlagSchema>;

export type MismatchInput = {
  stepLabels: readonly StepLabelValue[];
  traceVerdict: TraceVerdict | null;
  ruleOutcome: boolean | null;
  judgeOutcome: boolean | null;
  agentClaimedFinish: boolean;
};

// The rule verifier is deterministic and checks the final state, so it wins over the MLLM
// judge whenever it has an answer.
export function automaticOutcome(rule: boolean | null, judge: boolean | null): boolean | null {
  return rule ?? judge;
}

// Flags come back in MISMATCH_FLAGS order, so equal inputs give equal arrays.
export function computeMismatchFlags(input: MismatchInput): MismatchFlag[] {
  const { stepLabels, traceVerdict, ruleOutcome, judgeOutcome, agentClaimedFinish } = input;
  const failed = traceVerdict === "failure";
  const human = traceVerdict === "success" ? true : failed ? false : null;
  const auto = automaticOutcome(ruleOutcome, judgeOutcome);

  const raised: Record<MismatchFlag, boolean> = {
    // An unlabeled or unsure step is not "ok": the flag needs every step positively correct.
    steps_ok_trace_failed: failed && stepLabels.length > 0 && stepLabels.every((l) => l === "correct"),
    trace_ok_with_bad_steps: traceVerdict === "success" && stepLabels.some((l) => l === "incorrect"),
    auto_vs_human: auto !== null && human !== null && auto !== human,
    rule_vs_judge: ruleOutcome !== null && judgeOutcome !== null && ruleOutcome !== judgeOutcome,
    claimed_finish_failed: agentClaimedFinish && failed,
  };
  return MISMATCH_FLAGS.filter((flag) => raised[flag]);
}
