// The mismatch flags of a trajectory under review, from its step labels (unlabeled steps count
// as unsure) and the latest effective trace-success verdict of each kind. Shared by the server
// (stored flags) and the review screen (live flags while labelling).
import { automaticOutcome, computeMismatchFlags, type MismatchFlag } from "@/lib/domain/mismatch-flags";
import type { StepLabelValue, TraceVerdict } from "@/lib/domain/labels";

export type VerdictOutcome = { kind: string; metric: string; effective: number | boolean | null };
export type LabelsForFlags = { traceVerdict: TraceVerdict | null; steps: { stepIndex: number; label: StepLabelValue }[] };

export function verdictOutcomes(verdicts: readonly VerdictOutcome[]) {
  const latest = (kind: string) =>
    verdicts.filter((v) => v.kind === kind && v.metric === "trace_success" && typeof v.effective === "boolean").at(-1)?.effective as boolean | undefined;
  const rule = latest("rule") ?? null;
  const judge = latest("mllm") ?? null;
  return { rule, judge, automatic: automaticOutcome(rule, judge) };
}

export function reviewFlags(labels: LabelsForFlags | null, stepCount: number, verdicts: readonly VerdictOutcome[], agentClaimedFinish: boolean): MismatchFlag[] {
  const byStep = new Map(labels?.steps.map((s) => [s.stepIndex, s.label]) ?? []);
  const stepLabels: StepLabelValue[] = Array.from({ length: stepCount }, (_, i) => byStep.get(i) ?? "unsure");
  const { rule, judge } = verdictOutcomes(verdicts);
  return computeMismatchFlags({ stepLabels, traceVerdict: labels?.traceVerdict ?? null, ruleOutcome: rule, judgeOutcome: judge, agentClaimedFinish });
}
