// A verdict's yes/no in words: on a step (step_score) whether its action was right, in a step
// label's words; on a trajectory (trace_success) whether the task succeeded.
import type { Translate } from "@/lib/i18n/translate";

export function yesNoWord(t: Translate, metric: string, value: boolean): string {
  if (metric === "step_score") return t(value ? "trajectory.label.correct" : "trajectory.label.incorrect");
  return t(value ? "verdict.success" : "verdict.failure");
}
