// The reflection supervisor's judgements of a step (`step_data.reflection_history`) as one
// step-level MLLM verdict. The supervisor judges each proposed action before it runs
// (verify/reflection_supervisor.py:33-51: CORRECT, INCORRECT, INEFFECTIVE, EXPLORATORY); the
// run handler accepts CORRECT and EXPLORATORY and otherwise asks the policy again, up to
// max_retries times (run_handler.py:167-198). So the history is a list of rejections, each of
// a proposal that never ran, ending in the acceptance of the action that did run, or, when
// the retries ran out, in a rejection after which the policy's next proposal ran unjudged.
//
// One verdict per step (the verdict's identity is per step, judge and metric, so several
// would be revisions of one): its value is the supervisor's last word, accepted (true) or
// rejected (false); the rationale names the verdict and its reasoning and counts the
// rejections before it; the raw output keeps every judgement with the proposal it judged.
// A judgement with no verdict of the supervisor's own (a reply that did not parse, or a failed
// call: judge_action then returns CORRECT by default, reflection_supervisor.py judge_action) is
// not a verdict: it is kept in the raw output and reported, and decides nothing.
// The judge's model name is not in the episode (reflection.yaml's params are not pickled), so
// the judge is named after the component.
import type { VerdictRecord } from "@/lib/imports/records";
import type { ReflectionEntry } from "@/lib/imports/formats/venus-framework/venus-episode";

export const REFLECTION_JUDGE = "ui-venus-reflection-supervisor";
const ACCEPTED = new Set(["CORRECT", "EXPLORATORY"]);

export type StepReflection = { verdict: VerdictRecord | null; note: string | null };

/** A CORRECT the supervisor's code filled in, not one its model gave. */
export function isDefaultedJudgement(entry: ReflectionEntry): boolean {
  const judgment = entry.judgment ?? null;
  if (judgment === null || !("verdict" in judgment)) return true;
  const keys = Object.keys(judgment).sort().join(",");
  return judgment.verdict === "CORRECT" && (keys === "reasoning,reasoning_content,verdict" || keys === "reasoning,verdict");
}

const reasoningOf = (entry: ReflectionEntry) => {
  const reasoning = entry.judgment?.reasoning;
  return typeof reasoning === "string" && reasoning.trim() ? reasoning.trim() : null;
};

export function reflectionVerdict(history: readonly ReflectionEntry[]): StepReflection {
  if (history.length === 0) return { verdict: null, note: null };
  const last = history.at(-1)!;
  const rawOutput = JSON.stringify(history.map((e) => ({ retry: e.retry ?? null, verdict: e.verdict, judgment: e.judgment ?? null, proposal: e.rejected_action ?? null, raw_response: e.raw_response ?? null })));
  if (isDefaultedJudgement(last)) {
    return { verdict: null, note: "the reflection supervisor's last judgement has no verdict of its own (its reply did not parse or its call failed; the framework defaulted to CORRECT), so no step verdict is imported" };
  }
  const isAccepted = ACCEPTED.has(last.verdict);
  const rejected = history.slice(0, -1).map((e) => e.verdict);
  const parts = [`${last.verdict}${reasoningOf(last) ? `: ${reasoningOf(last)}` : ""}`];
  if (rejected.length) parts.push(`(after ${rejected.length} rejected proposal${rejected.length === 1 ? "" : "s"}: ${rejected.join(", ")})`);
  if (!isAccepted) parts.push("(the retries ran out: the action that ran was proposed after this rejection and was not judged)");
  return {
    verdict: { kind: "mllm", judgeName: REFLECTION_JUDGE, promptVersion: null, metric: "step_score", valueBool: isAccepted, valueScore: null, rationale: parts.join(" "), rawOutput },
    note: null,
  };
}
