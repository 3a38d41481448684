// Everything derived from a trajectory's inputs, in one pure function: the automatic outcome
// (as the checkers reported it, and after overrides), the human verdict of the final answer,
// the mismatch flags, step accuracy, and the outcome and reward it counts with under the
// project's advantage policy. Stored on the trajectory by lib/derived in the same transaction
// as the write that changed an input; every screen, filter, route and export reads that.
// Group advantages need the whole group: lib/domain/group-advantages.ts, from these rewards.
// The benchmark's own per-episode metrics (AndroidLab's, OSWorld's score) follow from the same
// human verdict (lib/domain/benchmark-metrics.ts).
import type { Decision } from "@/lib/domain/item-lifecycle";
import { isWrongStep, type StepLabel, type TraceVerdict } from "@/lib/domain/labels";
import { computeMismatchFlags, type MismatchFlag } from "@/lib/domain/mismatch-flags";
import { trajectoryReward, type RewardSettings } from "@/lib/domain/rewards";
import { effectiveVerdict, hasOutdatedOverride, verdictEffects, type VerdictEffect, type VerdictWithOverrides } from "@/lib/domain/effective-verdict";
import { deriveBenchmarkMetrics, type BenchmarkEpisodeMetrics, type BenchmarkInputs } from "@/lib/domain/benchmark-metrics";

export type TrajectoryFinal = {
  decision: Decision;
  traceVerdict: TraceVerdict | null;
  firstWrongStep: number | null;
  steps: readonly StepLabel[];
  subGoals?: readonly { key: string; met: boolean }[];
};

export type TraceVerdictInput = VerdictWithOverrides<boolean> & { kind: string };

export type TrajectoryInputs = {
  stepCount: number;
  agentClaimedFinish: boolean;
  invalidActionCount: number;
  // The outcome the source file reported (auto_outcome), used when no checker verdict exists.
  sourceOutcome: boolean | null;
  final: TrajectoryFinal | null;
  // Trajectory-level trace_success verdicts, oldest first (the latest of each kind decides).
  traceVerdicts: readonly TraceVerdictInput[];
  // Every verdict of the trajectory and its steps, whatever its metric (default: the trace
  // verdicts): each one's effect is stored on it, and any override outdated under one flags it.
  verdicts?: readonly VerdictWithOverrides<number | boolean>[];
  rewards: RewardSettings;
  // What the benchmark's own metrics are computed from, for benchmarks that have them.
  benchmark?: BenchmarkInputs;
  // Per step index, the stored screen comparison with the next screenshot (Step.nextScreenUnchanged,
  // computed at import): true when the screen did not change, null when not compared.
  screenUnchanged?: readonly (boolean | null)[];
};

export type AutoSource = "rule" | "judge" | "source";
export type OutcomeSource = "human" | "automatic";

export type TrajectoryDerived = {
  // The verdicts the outcomes below come from: the latest of each kind with a value.
  ruleVerdictId: string | null;
  judgeVerdictId: string | null;
  ruleOutcome: boolean | null;
  judgeOutcome: boolean | null;
  autoOutcome: boolean | null;
  autoSource: AutoSource | null;
  effectiveAutoOutcome: boolean | null;
  humanVerdict: TraceVerdict | null;
  flags: MismatchFlag[];
  // Steps whose action left the screen as it was (AndroidLab's "no change" rule on the pixels):
  // the evidence offered for a "redundant" or "no effect" label, and the no_visible_effect flag.
  noVisibleEffectSteps: number[];
  stepsCorrect: number;
  stepsIncorrect: number;
  firstWrongStep: number | null;
  outcome: boolean | null;
  outcomeSource: OutcomeSource | null;
  reward: number | null;
  benchmarkMetrics: BenchmarkEpisodeMetrics | null;
  verdictEffects: VerdictEffect<number | boolean>[];
  verdictChangedUnderOverride: boolean;
};

export function latestOfKind(verdicts: readonly TraceVerdictInput[], kind: string): TraceVerdictInput | null {
  let latest: TraceVerdictInput | null = null;
  for (const v of verdicts) if (v.kind === kind && v.value !== null) latest = v;
  return latest;
}

/** The first wrong step a final answer implies: the one it names, else the first step labeled
 * incorrect that is not merely redundant (isWrongStep). */
export function impliedFirstWrongStep(final: Pick<TrajectoryFinal, "firstWrongStep" | "steps">): number | null {
  if (final.firstWrongStep !== null) return final.firstWrongStep;
  const incorrect = final.steps.filter(isWrongStep).map((s) => s.stepIndex);
  return incorrect.length ? Math.min(...incorrect) : null;
}

/** The human's label of each step, by step index: the final answer's, when it was accepted
 * (a rejected answer labels nothing). Steps it leaves out have no label. */
export function acceptedStepLabels(final: Pick<TrajectoryFinal, "decision" | "steps"> | null): Map<number, StepLabel> {
  return new Map(final?.decision === "accept" ? final.steps.map((s) => [s.stepIndex, s]) : []);
}

export function deriveTrajectory(inputs: TrajectoryInputs): TrajectoryDerived {
  const rule = latestOfKind(inputs.traceVerdicts, "rule");
  const judge = latestOfKind(inputs.traceVerdicts, "mllm");
  const ruleOutcome = rule?.value ?? null;
  const judgeOutcome = judge?.value ?? null;
  const effectiveRule = rule ? effectiveVerdict(rule).value : null;
  const effectiveJudge = judge ? effectiveVerdict(judge).value : null;
  const autoOutcome = ruleOutcome ?? judgeOutcome ?? inputs.sourceOutcome;
  const autoSource: AutoSource | null = ruleOutcome !== null ? "rule" : judgeOutcome !== null ? "judge" : inputs.sourceOutcome !== null ? "source" : null;
  const effectiveAutoOutcome = effectiveRule ?? effectiveJudge ?? inputs.sourceOutcome;

  const accepted = inputs.final?.decision === "accept" ? inputs.final : null;
  const humanVerdict = accepted?.traceVerdict ?? null;
  const human = humanVerdict === "success" ? true : humanVerdict === "failure" ? false : null;
  const byStep = acceptedStepLabels(inputs.final);
  const stepLabels = Array.from({ length: inputs.stepCount }, (_, i) => byStep.get(i)?.label ?? "unsure");

  const noVisibleEffectSteps = (inputs.screenUnchanged ?? []).flatMap((unchanged, i) => (unchanged === true && i < inputs.stepCount ? [i] : []));
  const flags = computeMismatchFlags({
    stepLabels,
    human,
    automatic: autoOutcome,
    ruleOutcome: effectiveRule,
    judgeOutcome: effectiveJudge,
    // Without a human verdict the claim is checked against what the checkers say.
    finalOutcome: human ?? effectiveAutoOutcome,
    agentClaimedFinish: inputs.agentClaimedFinish,
    hasNoVisibleEffectStep: noVisibleEffectSteps.length > 0,
  });

  let outcome: boolean | null = null;
  let outcomeSource: OutcomeSource | null = null;
  if (human !== null) {
    outcome = human;
    outcomeSource = "human";
  } else if (inputs.rewards.advantagePolicy === "automatic_fallback" && effectiveAutoOutcome !== null) {
    outcome = effectiveAutoOutcome;
    outcomeSource = "automatic";
  }
  // R_p: the source's invalid actions, and the steps the final answer labels with an error kind
  // the project penalises (each step once).
  const penalised = new Set(inputs.rewards.penalisedErrorKinds ?? []);
  const labelledInvalid = accepted?.steps.filter((s) => s.errorKind != null && penalised.has(s.errorKind)).length ?? 0;
  const reward =
    outcome === null ? null : trajectoryReward({ steps: Math.max(1, inputs.stepCount), success: outcome, invalidActions: inputs.invalidActionCount + labelledInvalid }, inputs.rewards);

  // A redundant or no-effect step label is the human's word that the screen did not change.
  const noEffectSteps = new Set(accepted?.steps.filter((s) => s.errorKind === "redundant" || s.errorKind === "no_effect").map((s) => s.stepIndex) ?? []);
  const benchmarkMetrics = deriveBenchmarkMetrics(
    inputs.benchmark ?? null,
    accepted ? { complete: human, subGoals: new Map((accepted.subGoals ?? []).map((g) => [g.key, g.met])), noEffectSteps } : null,
  );

  const effects = verdictEffects<number | boolean>(inputs.verdicts ?? inputs.traceVerdicts);
  return {
    benchmarkMetrics,
    verdictEffects: effects,
    verdictChangedUnderOverride: hasOutdatedOverride(effects),
    ruleVerdictId: rule?.id ?? null,
    judgeVerdictId: judge?.id ?? null,
    ruleOutcome,
    judgeOutcome,
    autoOutcome,
    autoSource,
    effectiveAutoOutcome,
    humanVerdict,
    flags,
    noVisibleEffectSteps,
    stepsCorrect: accepted ? accepted.steps.filter((s) => s.label === "correct").length : 0,
    stepsIncorrect: accepted ? accepted.steps.filter((s) => s.label === "incorrect").length : 0,
    firstWrongStep: accepted ? impliedFirstWrongStep(accepted) : null,
    outcome,
    outcomeSource,
    reward,
  };
}
