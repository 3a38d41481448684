// AndroidLab's per-task metrics (THUDM/Android-Lab@373fc1d, evaluation/task.py), computed from
// what an import stored, and again with the verified answer's corrections:
//   - complete: `result.get("complete") == True` (print_metric, L294), from the evaluator's
//     result dict of the last judgeable step;
//   - partial credit (Sub-SR): 1 when complete, else the share of truthy check points, i.e.
//     of the keys other than "complete" and "judge_page" (calculate_partial_acc, L31-41);
//   - RRR: ground_truth_length[task_id] / judged lines when complete, else None; None too
//     when the task is not in ground_truth_length.json (add_metrics, L250-257);
//   - reasonable_operation_ratio: 1 - sum_simi / (n - 1) over the judged lines' screenshots,
//     the last one dropped, a consecutive pair counting when its pixel agreement is > 0.999
//     (compute_image_similarity L44-72, add_metrics L265-270); 1 (an int) when n == 1.
// The judged lines are the trace lines the evaluator read (L133-165): it stops once the same
// parsed_action repeats more than 5 times in a row, and skips a line whose XML file is missing.
// Corrections: a verified success / failure replaces "complete"; a sub-goal the reviewer marked
// replaces that check point; a step the reviewer labeled "redundant" or "no effect" counts as
// an unchanged screen, the same evidence as the pixel rule. Python's int/float types are kept
// (lib/domain/python-json.ts) so the files written back read like AndroidLab's own.
import { pyDiv, pyFloat, pyInt, pyTruthy, type PyNumber } from "@/lib/domain/python-json";

export const NOT_SUB_GOALS = new Set(["complete", "judge_page"]);
const MAX_REPEATS = 5;

export type AndroidLabStepInput = {
  hasUiTree: boolean;
  isRepeated: boolean;
  /** The stored screen comparison with the next step (null: not compared). */
  nextScreenUnchanged: boolean | null;
  /** The verified answer labeled this step "redundant" or "no effect". */
  humanNoEffect: boolean;
};

export type AndroidLabEpisodeInput = {
  /** The evaluator's result dict, in the file's key order; null when the task has no results line. */
  result: [string, unknown][] | null;
  groundTruthLength: number | null;
  steps: readonly AndroidLabStepInput[];
  /** The verified answer: its completion (null when unsure) and the sub-goals it marked. */
  verified: { complete: boolean | null; subGoals: ReadonlyMap<string, boolean> } | null;
};

export type AndroidLabTaskMetrics = {
  complete: boolean;
  result: [string, unknown][];
  partial: PyNumber;
  rrr: PyNumber | null;
  ror: PyNumber;
  unchangedPairs: number;
};

export type AndroidLabEpisodeMetrics = {
  benchmark: "androidlab";
  judgedSteps: number;
  /** Why the figures may not be AndroidLab's own, step by step (missing XML, screenshots). */
  notes: string[];
  original: AndroidLabTaskMetrics;
  corrected: AndroidLabTaskMetrics;
  /** What the verified answer changed: "complete", a sub-goal key, "RRR", "reasonable_operation_ratio". */
  changed: string[];
};

export function subGoalKeys(result: readonly [string, unknown][]): string[] {
  return result.filter(([key]) => !NOT_SUB_GOALS.has(key)).map(([key]) => key);
}

// `== True` in Python also holds for 1 and 1.0.
const isComplete = (result: readonly [string, unknown][]) => result.some(([k, v]) => k === "complete" && (v === true || v === 1));

function partialCredit(result: readonly [string, unknown][], complete: boolean): PyNumber {
  if (complete) return pyInt(1);
  const points = result.filter(([key]) => !NOT_SUB_GOALS.has(key));
  if (points.length === 0) return pyInt(0);
  return pyDiv(pyInt(points.filter(([, v]) => pyTruthy(v)).length), pyInt(points.length));
}

type Judged = { index: number; step: AndroidLabStepInput };

function judgedLines(steps: readonly AndroidLabStepInput[], notes: string[]): Judged[] {
  const judged: Judged[] = [];
  let repeats = 0;
  for (const [index, step] of steps.entries()) {
    if (step.isRepeated) {
      repeats += 1;
      if (repeats > MAX_REPEATS) {
        notes.push(`step ${index + 1}: the same action repeated more than ${MAX_REPEATS} times, so AndroidLab stops reading here`);
        break;
      }
    } else repeats = 0;
    if (!step.hasUiTree) {
      notes.push(`step ${index + 1}: no XML dump, so AndroidLab skips the line`);
      continue;
    }
    judged.push({ index, step });
  }
  return judged;
}

function unchangedPairs(judged: readonly Judged[], withHuman: boolean, notes: string[] | null): number {
  // compute_image_similarity: nothing below three images; the last image is dropped.
  if (judged.length <= 2) return 0;
  let count = 0;
  for (let j = 0; j < judged.length - 2; j++) {
    const here = judged[j]!;
    const next = judged[j + 1]!;
    if (withHuman && here.step.humanNoEffect) {
      count += 1;
      continue;
    }
    if (next.index !== here.index + 1) {
      notes?.push(`steps ${here.index + 1} and ${next.index + 1}: AndroidLab compares these screenshots, Verity only consecutive ones (counted as changed)`);
      continue;
    }
    if (here.step.nextScreenUnchanged === null) {
      notes?.push(`steps ${here.index + 1} and ${next.index + 1}: a screenshot could not be compared (counted as changed)`);
      continue;
    }
    if (here.step.nextScreenUnchanged) count += 1;
  }
  return count;
}

function taskMetrics(result: [string, unknown][], complete: boolean, judged: readonly Judged[], groundTruthLength: number | null, unchanged: number): AndroidLabTaskMetrics {
  const n = judged.length;
  const rrr = complete && n > 0 && groundTruthLength !== null ? pyDiv(pyInt(groundTruthLength), pyInt(n)) : null;
  // 1 - sum_simi / (length - 1): an int 1 when length == 1; with no line at all, 1 - 0/-1 = 1.0.
  const ror = n === 1 ? pyInt(1) : pyFloat(1 - (n === 0 ? -0 : unchanged / (n - 1)));
  return { complete, result, partial: partialCredit(result, complete), rrr, ror, unchangedPairs: unchanged };
}

function correctedResult(result: [string, unknown][], verified: NonNullable<AndroidLabEpisodeInput["verified"]>): [string, unknown][] {
  const out: [string, unknown][] = result.map(([key, value]) => {
    if (key === "complete" && verified.complete !== null) return [key, verified.complete];
    if (!NOT_SUB_GOALS.has(key) && verified.subGoals.has(key)) return [key, verified.subGoals.get(key)!];
    return [key, value];
  });
  if (verified.complete !== null && !out.some(([key]) => key === "complete")) out.push(["complete", verified.complete]);
  return out;
}

const sameNumber = (a: PyNumber | null, b: PyNumber | null) => (a === null || b === null ? a === b : a.value === b.value);

export function androidLabEpisodeMetrics(input: AndroidLabEpisodeInput): AndroidLabEpisodeMetrics | null {
  if (input.result === null) return null;
  const notes: string[] = [];
  const judged = judgedLines(input.steps, notes);
  const originalComplete = isComplete(input.result);
  const original = taskMetrics(input.result, originalComplete, judged, input.groundTruthLength, unchangedPairs(judged, false, notes));
  const result = input.verified ? correctedResult(input.result, input.verified) : input.result;
  const corrected = taskMetrics(result, isComplete(result), judged, input.groundTruthLength, unchangedPairs(judged, input.verified !== null, null));
  const changed: string[] = [];
  if (original.complete !== corrected.complete) changed.push("complete");
  for (const key of subGoalKeys(input.result)) {
    const before = input.result.find(([k]) => k === key)![1];
    const after = result.find(([k]) => k === key)![1];
    if (pyTruthy(before) !== pyTruthy(after) || typeof before !== typeof after) changed.push(key);
  }
  if (!sameNumber(original.rrr, corrected.rrr)) changed.push("RRR");
  if (!sameNumber(original.ror, corrected.ror)) changed.push("reasonable_operation_ratio");
  return { benchmark: "androidlab", judgedSteps: judged.length, notes, original, corrected, changed };
}
