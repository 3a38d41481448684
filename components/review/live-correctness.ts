// Hit or miss against the box being edited (issue 36, item 23). The stored correctness is
// judged against the item's effective target (the final answer once one is pinned, else the
// imported box) and stays as it is; while a person's answer differs from that target, each
// prediction is also judged against the answer, with the same function the stored value
// comes from (lib/domain/derive-sample.ts), so the screen shows what the edit does to each model.
import { predictionCorrectness, type PredictionInput } from "@/lib/domain/derive-sample";
import type { Box } from "@/lib/domain/geometry";
import type { Judgement } from "@/lib/domain/point-in-box";

export type Target = { targetAbsent: boolean; box: Box | null };
export type LiveCorrectness = ReadonlyMap<string, Judgement | null>;

function sameTarget(a: Target, b: Target): boolean {
  if (a.targetAbsent !== b.targetAbsent) return false;
  if (a.targetAbsent) return true;
  if (a.box === null || b.box === null) return a.box === b.box;
  return a.box.every((v, i) => v === b.box![i]);
}

/** Each prediction against `answer`, or null while the answer is the judged target itself. */
export function liveCorrectness(predictions: readonly PredictionInput[], answer: Target, judgedTarget: Target): LiveCorrectness | null {
  if (sameTarget(answer, judgedTarget)) return null;
  return new Map(predictions.map((p) => [p.id, predictionCorrectness(p, answer)]));
}
