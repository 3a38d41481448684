import { describe, expect, it } from "vitest";
import { acceptedStepLabels, deriveTrajectory, type TrajectoryInputs, type TraceVerdictInput } from "@/lib/domain/derive-trajectory";
import { RewardSettingsSchema } from "@/lib/domain/rewards";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const verdict = (id: string, kind: string, value: boolean, s: number, overrides: { id: string; value: boolean; s: number }[] = []): TraceVerdictInput => ({
  id,
  kind,
  value,
  createdAt: at(s),
  overrides: overrides.map((o) => ({ id: o.id, value: o.value, createdAt: at(o.s), status: "accepted" })),
});

const base: TrajectoryInputs = {
  stepCount: 3,
  agentClaimedFinish: true,
  invalidActionCount: 0,
  sourceOutcome: null,
  final: null,
  traceVerdicts: [],
  rewards: RewardSettingsSchema.parse({}),
};
const verified = (traceVerdict: "success" | "failure" | "unsure", labels: ("correct" | "incorrect" | "unsure")[] = []): TrajectoryInputs["final"] => ({
  decision: "accept",
  traceVerdict,
  firstWrongStep: null,
  steps: labels.map((label, stepIndex) => ({ stepIndex, label })),
});

describe("deriveTrajectory", () => {
  it("flags rule vs judge before any human looked, and takes the automatic outcome from the rule", () => {
    const d = deriveTrajectory({ ...base, traceVerdicts: [verdict("r", "rule", true, 1), verdict("j", "mllm", false, 2)] });
    expect([d.autoOutcome, d.autoSource, d.effectiveAutoOutcome, d.humanVerdict]).toEqual([true, "rule", true, null]);
    expect(d.flags).toEqual(["rule_vs_judge"]);
  });

  it("falls back on the judge, then on the source file's outcome", () => {
    expect(deriveTrajectory({ ...base, traceVerdicts: [verdict("j", "mllm", false, 2)] })).toMatchObject({ autoOutcome: false, autoSource: "judge" });
    expect(deriveTrajectory({ ...base, sourceOutcome: true })).toMatchObject({ autoOutcome: true, autoSource: "source", effectiveAutoOutcome: true });
    expect(deriveTrajectory(base)).toMatchObject({ autoOutcome: null, autoSource: null });
  });

  it("keeps the checker's outcome as reported beside the overridden one, and the dispute stays flagged", () => {
    // quark_3: the rule said complete, a reviewer overrode it to failure and verified failure.
    const d = deriveTrajectory({ ...base, traceVerdicts: [verdict("r", "rule", true, 1, [{ id: "o", value: false, s: 5 }])], final: verified("failure") });
    expect([d.autoOutcome, d.effectiveAutoOutcome, d.humanVerdict]).toEqual([true, false, "failure"]);
    expect(d.flags).toEqual(["auto_vs_human", "claimed_finish_failed"]);
  });

  it("raises claimed_finish_failed from the automatic outcome while unverified", () => {
    // quark_2: automatic failure, the agent claimed it finished.
    expect(deriveTrajectory({ ...base, traceVerdicts: [verdict("r", "rule", false, 1)] }).flags).toEqual(["claimed_finish_failed"]);
  });

  it("uses the latest verdict of each kind", () => {
    const d = deriveTrajectory({ ...base, traceVerdicts: [verdict("r1", "rule", false, 1), verdict("r2", "rule", true, 3), verdict("j", "mllm", true, 2)] });
    expect(d.ruleOutcome).toBe(true);
    expect(d.flags).toEqual([]);
  });

  it("counts step labels of the final answer and implies the first wrong step", () => {
    const d = deriveTrajectory({ ...base, final: verified("failure", ["correct", "incorrect", "incorrect"]) });
    expect([d.stepsCorrect, d.stepsIncorrect, d.firstWrongStep]).toEqual([1, 2, 1]);
    expect(deriveTrajectory({ ...base, final: verified("failure", ["correct", "correct", "correct"]) }).flags).toEqual(["steps_ok_trace_failed", "claimed_finish_failed"]);
    expect(deriveTrajectory({ ...base, final: verified("success", ["correct", "incorrect"]) }).flags).toEqual(["trace_ok_with_bad_steps"]);
  });

  it("rewards a verified outcome by R = eta^(T-1) * R_comp + R_p, by hand", () => {
    // 3 steps, eta 0.98, 2 invalid actions at -0.1: 0.98^2 - 0.2 = 0.7604.
    const success = deriveTrajectory({ ...base, invalidActionCount: 2, final: verified("success") });
    expect([success.outcome, success.outcomeSource]).toEqual([true, "human"]);
    expect(success.reward).toBeCloseTo(0.7604, 12);
    expect(deriveTrajectory({ ...base, invalidActionCount: 2, final: verified("failure") }).reward).toBeCloseTo(-0.2, 12);
    // A verified "unsure" has no outcome to learn from.
    expect(deriveTrajectory({ ...base, final: verified("unsure") })).toMatchObject({ outcome: null, reward: null });
  });

  it("applies the advantage policy to unverified rollouts", () => {
    const auto = { ...base, traceVerdicts: [verdict("r", "rule", true, 1, [{ id: "o", value: false, s: 2 }])] };
    expect(deriveTrajectory(auto)).toMatchObject({ outcome: null, outcomeSource: null, reward: null });
    const fallback = deriveTrajectory({ ...auto, rewards: RewardSettingsSchema.parse({ advantagePolicy: "automatic_fallback" }) });
    // The override is a human correction of the checker: it is what counts.
    expect([fallback.outcome, fallback.outcomeSource, fallback.reward]).toEqual([false, "automatic", 0]);
  });

  it("counts the steps labelled with a penalised error kind in R_p, once each, only when the project says so", () => {
    const final = {
      ...verified("success", ["correct", "incorrect", "incorrect"])!,
      steps: [
        { stepIndex: 0, label: "correct" as const },
        { stepIndex: 1, label: "incorrect" as const, errorKind: "redundant" as const },
        { stepIndex: 2, label: "incorrect" as const, errorKind: "no_effect" as const },
      ],
    };
    const reward = (kinds: ("redundant" | "no_effect" | "wrong_text")[] | undefined, invalidActionCount = 0) =>
      deriveTrajectory({ ...base, invalidActionCount, final, rewards: RewardSettingsSchema.parse({ penalisedErrorKinds: kinds }) }).reward!;
    // 0.98^2 for a 3-step success; -0.1 per invalid action.
    expect(reward(undefined)).toBeCloseTo(0.9604, 10);
    expect(reward(["wrong_text"])).toBeCloseTo(0.9604, 10);
    expect(reward(["redundant"])).toBeCloseTo(0.8604, 10);
    expect(reward(["redundant", "no_effect"])).toBeCloseTo(0.7604, 10);
    // Beside the source's own count.
    expect(reward(["redundant"], 2)).toBeCloseTo(0.6604, 10);
  });

  it("flags the steps whose screen did not change, from the stored comparison alone, whatever the labels say", () => {
    const d = deriveTrajectory({ ...base, screenUnchanged: [false, true, null] });
    expect(d.noVisibleEffectSteps).toEqual([1]);
    expect(d.flags).toContain("no_visible_effect");
    // A label does not make the screen change, nor does labelling a step redundant flag it.
    expect(deriveTrajectory({ ...base, screenUnchanged: [false, true, null], final: verified("success", ["correct", "correct", "correct"]) }).noVisibleEffectSteps).toEqual([1]);
    const none = deriveTrajectory({ ...base, screenUnchanged: [false, null, null] });
    expect(none.noVisibleEffectSteps).toEqual([]);
    expect(none.flags).not.toContain("no_visible_effect");
    expect(deriveTrajectory(base).noVisibleEffectSteps).toEqual([]);
    // A comparison stored beyond the trajectory's steps (never expected) is not a step of it.
    expect(deriveTrajectory({ ...base, stepCount: 1, screenUnchanged: [false, true] }).noVisibleEffectSteps).toEqual([]);
  });

  it("ignores a rejected final answer", () => {
    expect(deriveTrajectory({ ...base, final: { ...verified("success")!, decision: "reject" } })).toMatchObject({ humanVerdict: null, outcome: null });
  });
});

describe("acceptedStepLabels", () => {
  it("gives an accepted final answer's labels by step, a rejected one's none", () => {
    const final = verified("failure", ["correct", "incorrect"])!;
    expect([...acceptedStepLabels(final)]).toEqual([[0, { stepIndex: 0, label: "correct" }], [1, { stepIndex: 1, label: "incorrect" }]]);
    expect(acceptedStepLabels({ ...final, decision: "reject" }).size).toBe(0);
    expect(acceptedStepLabels(null).size).toBe(0);
  });
});
