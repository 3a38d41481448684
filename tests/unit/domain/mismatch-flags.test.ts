import { describe, expect, it } from "vitest";
import { MISMATCH_FLAGS, automaticOutcome, computeMismatchFlags, type MismatchInput } from "@/lib/domain/mismatch-flags";

const base: MismatchInput = {
  stepLabels: ["correct", "correct"],
  traceVerdict: "success",
  ruleOutcome: null,
  judgeOutcome: null,
  agentClaimedFinish: false,
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
    expect(computeMismatchFlags({ ...base, ruleOutcome: true, judgeOutcome: true, agentClaimedFinish: true })).toEqual([]);
  });

  it("steps_ok_trace_failed needs at least one step, all correct", () => {
    expect(computeMismatchFlags({ ...base, traceVerdict: "failure" })).toEqual(["steps_ok_trace_failed"]);
    expect(computeMismatchFlags({ ...base, traceVerdict: "failure", stepLabels: [] })).toEqual([]);
    expect(computeMismatchFlags({ ...base, traceVerdict: "failure", stepLabels: ["correct", "unsure"] })).toEqual([]);
    expect(computeMismatchFlags({ ...base, traceVerdict: "unsure" })).toEqual([]);
  });

  it("trace_ok_with_bad_steps when a step is incorrect in a successful trace", () => {
    expect(computeMismatchFlags({ ...base, stepLabels: ["correct", "incorrect"] })).toEqual(["trace_ok_with_bad_steps"]);
    expect(computeMismatchFlags({ ...base, stepLabels: ["correct", "unsure"] })).toEqual([]);
  });

  it("auto_vs_human uses the rule first, else the judge, against a decided verdict", () => {
    expect(computeMismatchFlags({ ...base, ruleOutcome: false })).toEqual(["auto_vs_human"]);
    expect(computeMismatchFlags({ ...base, judgeOutcome: false })).toEqual(["auto_vs_human"]);
    // rule true agrees with the human; the judge's false only raises rule_vs_judge
    expect(computeMismatchFlags({ ...base, ruleOutcome: true, judgeOutcome: false })).toEqual(["rule_vs_judge"]);
    expect(computeMismatchFlags({ ...base, traceVerdict: "unsure", ruleOutcome: false })).toEqual([]);
    expect(computeMismatchFlags({ ...base, traceVerdict: null, ruleOutcome: false })).toEqual([]);
  });

  it("rule_vs_judge needs both outcomes", () => {
    expect(computeMismatchFlags({ ...base, traceVerdict: null, ruleOutcome: true, judgeOutcome: false })).toEqual(["rule_vs_judge"]);
    expect(computeMismatchFlags({ ...base, traceVerdict: null, ruleOutcome: true, judgeOutcome: null })).toEqual([]);
  });

  it("claimed_finish_failed when the agent finished and the trace failed", () => {
    expect(computeMismatchFlags({ ...base, stepLabels: ["incorrect"], traceVerdict: "failure", agentClaimedFinish: true })).toEqual([
      "claimed_finish_failed",
    ]);
    expect(computeMismatchFlags({ ...base, stepLabels: ["incorrect"], traceVerdict: "failure" })).toEqual([]);
  });

  it("returns several flags in MISMATCH_FLAGS order", () => {
    const flags = computeMismatchFlags({
      stepLabels: ["correct"],
      traceVerdict: "failure",
      ruleOutcome: true,
      judgeOutcome: false,
      agentClaimedFinish: true,
    });
    expect(flags).toEqual(["steps_ok_trace_failed", "auto_vs_human", "rule_vs_judge", "claimed_finish_failed"]);
    expect(MISMATCH_FLAGS).toHaveLength(5);
  });
});
