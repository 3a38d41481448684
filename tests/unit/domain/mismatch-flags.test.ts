import { describe, expect, it } from "vitest";
import { MISMATCH_FLAGS, automaticOutcome, computeMismatchFlags, type MismatchInput } from "@/lib/domain/mismatch-flags";

// A successful human verdict, two correct steps, no checker: nothing to flag.
const base: MismatchInput = {
  stepLabels: ["correct", "correct"],
  human: true,
  automatic: null,
  ruleOutcome: null,
  judgeOutcome: null,
  finalOutcome: true,
  agentClaimedFinish: false,
  hasNoVisibleEffectStep: false,
};

describe("automaticOutcome", () => {
  it("prefers the rule verifier, else the judge", () => {
    expect(automaticOutcome(false, true)).toBe(false);
    expect(automaticOutcome(null, true)).toBe(true);
    expect(automaticOutcome(null, null)).toBeNull();
  });
});

describe("computeMismatchFlags", () => {
  it("raises nothing when everything agrees", () => {
    expect(computeMismatchFlags({ ...base, automatic: true, ruleOutcome: true, judgeOutcome: true, agentClaimedFinish: true })).toEqual([]);
  });

  it("steps_ok_trace_failed needs at least one step, all correct", () => {
    const failed = { ...base, human: false, finalOutcome: false };
    expect(computeMismatchFlags(failed)).toEqual(["steps_ok_trace_failed"]);
    expect(computeMismatchFlags({ ...failed, stepLabels: [] })).toEqual([]);
    expect(computeMismatchFlags({ ...failed, stepLabels: ["correct", "unsure"] })).toEqual([]);
    expect(computeMismatchFlags({ ...base, human: null, finalOutcome: null })).toEqual([]);
  });

  it("trace_ok_with_bad_steps when a step is incorrect in a successful trace", () => {
    expect(computeMismatchFlags({ ...base, stepLabels: ["correct", "incorrect"] })).toEqual(["trace_ok_with_bad_steps"]);
    expect(computeMismatchFlags({ ...base, stepLabels: ["correct", "unsure"] })).toEqual([]);
  });

  it("auto_vs_human compares the automatic outcome as reported with a decided human verdict", () => {
    expect(computeMismatchFlags({ ...base, automatic: false })).toEqual(["auto_vs_human"]);
    expect(computeMismatchFlags({ ...base, automatic: true })).toEqual([]);
    expect(computeMismatchFlags({ ...base, human: null, automatic: false, finalOutcome: false })).toEqual([]);
  });

  it("rule_vs_judge compares the checkers' effective verdicts and needs both", () => {
    expect(computeMismatchFlags({ ...base, human: null, ruleOutcome: true, judgeOutcome: false })).toEqual(["rule_vs_judge"]);
    expect(computeMismatchFlags({ ...base, human: null, ruleOutcome: true, judgeOutcome: null })).toEqual([]);
  });

  it("claimed_finish_failed when the agent finished and the trajectory failed, human or automatic", () => {
    const claimed = { ...base, stepLabels: ["incorrect"] as MismatchInput["stepLabels"], agentClaimedFinish: true };
    expect(computeMismatchFlags({ ...claimed, human: false, finalOutcome: false })).toEqual(["claimed_finish_failed"]);
    // No human verdict yet: the checkers' failure is enough (quark_2 in the AndroidLab fixture).
    expect(computeMismatchFlags({ ...claimed, human: null, automatic: false, finalOutcome: false })).toEqual(["claimed_finish_failed"]);
    expect(computeMismatchFlags({ ...claimed, human: false, finalOutcome: false, agentClaimedFinish: false })).toEqual([]);
  });

  it("returns several flags in MISMATCH_FLAGS order", () => {
    const flags = computeMismatchFlags({
      stepLabels: ["correct"],
      human: false,
      automatic: true,
      ruleOutcome: true,
      judgeOutcome: false,
      finalOutcome: false,
      agentClaimedFinish: true,
      hasNoVisibleEffectStep: true,
    });
    expect(flags).toEqual(["steps_ok_trace_failed", "auto_vs_human", "rule_vs_judge", "claimed_finish_failed", "no_visible_effect"]);
    expect(MISMATCH_FLAGS).toHaveLength(6);
  });
});
