// The reflection supervisor's judgements of a step (`step_data.reflection_history`) as one
// step-level MLLM verdict. The supervisor judges each proposed action before it runs
// (verify/reflection_supervisor.py:33-51: CORRECT, INCORRECT, INEFFECTIVE, EXPLORATORY); the
// run handler accepts CORRECT and EXPLORATORY and otherwise asks the policy again, up to
// max_retries times (run_handler.py:167-198). So the history is a list of rejections, each of
// a proposal that never ran, ending in the acceptance of the action that did run, or, when
// the retries ran out, in a rejection after which the policy's next proposal ran unjudged.
//
// A step verdict is about the step's action, the one that ran: it is what triage and calibration
// set beside the human's label of that step (lib/verdicts/step-judge-human.ts). Only an
// acceptance judged it: the supervisor's last word, CORRECT or EXPLORATORY, is the acceptance of
// the very proposal that then ran (true). A history ending in a rejection judged no action that
// ran: the policy's next proposal ran unjudged (the retries ran out), or none ran (the policy
// gave nothing more, and the step has no action). Importing that rejection as the step's
// verdict would set a judgement of one proposal beside a label of another, so it is no verdict:
// the history is kept whole in the step's extra and the report says why. So the supervisor's
// step verdicts are all acceptances; its rejections judged proposals nobody labels.
//
// One verdict per step (the verdict's identity is per step, judge and metric, so several
// would be revisions of one); the rationale names the verdict and its reasoning and counts the
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
  if (!ACCEPTED.has(last.verdict)) {
    return { verdict: null, note: `the reflection supervisor's last judgement rejects a proposal (${history.map((e) => e.verdict).join(", ")}) and none of its judgements is of the action that ran (the retries ran out, or the policy gave nothing more), so no step verdict is imported; the judgements are kept in the step's extra` };
  }
  const rejected = history.slice(0, -1).map((e) => e.verdict);
  const parts = [`${last.verdict}${reasoningOf(last) ? `: ${reasoningOf(last)}` : ""}`];
  if (rejected.length) parts.push(`(after ${rejected.length} rejected proposal${rejected.length === 1 ? "" : "s"}: ${rejected.join(", ")})`);
  return {
    verdict: { kind: "mllm", judgeName: REFLECTION_JUDGE, promptVersion: null, metric: "step_score", valueBool: true, valueScore: null, rationale: parts.join(" "), rawOutput },
    note: null,
  };
}
