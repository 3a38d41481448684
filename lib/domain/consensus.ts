// Consensus of the N answers a queue collects for one item (overlap N >= 2). Agreement is
// strict and all-pairs: one dissenting annotator is enough to send the item to a reviewer,
// because a consensus that outvotes someone is a decision, and decisions are the reviewer's.
//  - Grounding: everyone marked the target absent, or nobody did and every pair of boxes
//    overlaps at IoU >= the project's threshold; the consensus box is the coordinate-wise
//    mean of the boxes.
//  - Trajectory: the same trace verdict, the same label value on every step (a step one
//    person labeled and another left unlabeled differs), the same first wrong step. Error
//    kinds and corrected actions are details of a label: they are kept in the consensus
//    where everyone gave the same one, and dropped otherwise. Sub-goal verdicts (met or not
//    per evaluator check point) are part of the answer: they must be the same too.
// A disagreement says what differs, naming the annotators, for the audit log and the
// reviewer's screen.
import { canonicalJson } from "@/lib/domain/canonical-json";
import { boxesAgree } from "@/lib/domain/agreement";
import { iou, type Box } from "@/lib/domain/geometry";
import type { StepLabel, StepLabelValue, TraceVerdict } from "@/lib/domain/labels";

export type Consensus<A> = { agree: true; answer: A } | { agree: false; reasons: string[] };

/** One annotator's answer; `who` names them in the reasons. */
export type Answer<A> = { who: string; answer: A };

export type GroundingAnswer = { targetAbsent: boolean; box: Box | null };

export type TrajectoryAnswer = { traceVerdict: TraceVerdict | null; firstWrongStep: number | null; steps: StepLabel[]; subGoals?: { key: string; met: boolean }[] };

function assertConsensusInput(answers: readonly unknown[], what: string): void {
  if (answers.length < 2) throw new RangeError(`${what}: consensus needs at least 2 answers, got ${answers.length}`);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function meanBox(boxes: readonly Box[]): Box {
  const sum = boxes.reduce<[number, number, number, number]>((acc, b) => [acc[0] + b[0], acc[1] + b[1], acc[2] + b[2], acc[3] + b[3]], [0, 0, 0, 0]);
  return [sum[0] / boxes.length, sum[1] / boxes.length, sum[2] / boxes.length, sum[3] / boxes.length];
}

export function groundingConsensus(answers: readonly Answer<GroundingAnswer>[], iouThreshold: number): Consensus<GroundingAnswer> {
  assertConsensusInput(answers, "groundingConsensus");
  if (!(iouThreshold > 0 && iouThreshold <= 1)) throw new RangeError(`iouThreshold must be in (0, 1], got ${iouThreshold}`);
  const absent = answers.filter((a) => a.answer.targetAbsent);
  if (absent.length === answers.length) return { agree: true, answer: { targetAbsent: true, box: null } };
  const withoutBox = answers.filter((a) => !a.answer.targetAbsent && !a.answer.box);
  if (withoutBox.length) throw new RangeError(`groundingConsensus: ${withoutBox.map((a) => a.who).join(", ")} gave neither a box nor "target absent"`);
  if (absent.length) {
    const drew = answers.filter((a) => !a.answer.targetAbsent);
    return { agree: false, reasons: [`${names(absent)} marked the target absent; ${names(drew)} drew a box`] };
  }
  const reasons: string[] = [];
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      const a = answers[i]!;
      const b = answers[j]!;
      if (!boxesAgree(a.answer.box, b.answer.box, iouThreshold)) {
        reasons.push(`the boxes of ${a.who} and ${b.who} overlap at IoU ${round2(iou(a.answer.box!, b.answer.box!))}, below ${iouThreshold}`);
      }
    }
  }
  if (reasons.length) return { agree: false, reasons };
  return { agree: true, answer: { targetAbsent: false, box: meanBox(answers.map((a) => a.answer.box!)) } };
}

function names(answers: readonly Answer<unknown>[]): string {
  return answers.map((a) => a.who).join(", ");
}

/** "A: success, B: failure" for a value that differs between annotators. */
function listValues<T>(answers: readonly Answer<unknown>[], values: readonly T[], show: (v: T) => string): string {
  return answers.map((a, i) => `${a.who}: ${show(values[i] as T)}`).join(", ");
}

const same = <T>(values: readonly T[]) => values.every((v) => canonicalJson(v) === canonicalJson(values[0]));

export function trajectoryConsensus(answers: readonly Answer<TrajectoryAnswer>[]): Consensus<TrajectoryAnswer> {
  assertConsensusInput(answers, "trajectoryConsensus");
  const reasons: string[] = [];
  const verdicts = answers.map((a) => a.answer.traceVerdict);
  if (!same(verdicts)) reasons.push(`trace verdicts differ (${listValues(answers, verdicts, (v) => v ?? "none")})`);

  const byStep = answers.map((a) => new Map(a.answer.steps.map((s) => [s.stepIndex, s])));
  const stepIndexes = [...new Set(answers.flatMap((a) => a.answer.steps.map((s) => s.stepIndex)))].sort((x, y) => x - y);
  const steps: StepLabel[] = [];
  for (const stepIndex of stepIndexes) {
    const labels = byStep.map((m) => m.get(stepIndex));
    const values: (StepLabelValue | undefined)[] = labels.map((l) => l?.label);
    if (!same(values)) {
      reasons.push(`step ${stepIndex + 1} labels differ (${listValues(answers, values, (v) => v ?? "unlabeled")})`);
      continue;
    }
    const step: StepLabel = { stepIndex, label: values[0]! };
    const errorKinds = labels.map((l) => l?.errorKind ?? null);
    if (errorKinds[0] && same(errorKinds)) step.errorKind = errorKinds[0];
    const corrections = labels.map((l) => l?.correctedAction ?? null);
    if (corrections[0] && same(corrections)) step.correctedAction = corrections[0];
    steps.push(step);
  }

  const firstWrong = answers.map((a) => a.answer.firstWrongStep);
  if (!same(firstWrong)) reasons.push(`first wrong steps differ (${listValues(answers, firstWrong, (v) => (v === null ? "none" : `step ${v + 1}`))})`);

  const subGoals = answers.map((a) => [...(a.answer.subGoals ?? [])].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)));
  if (!same(subGoals)) reasons.push(`sub-goal verdicts differ (${listValues(answers, subGoals, (v) => v.map((g) => `${g.key} ${g.met ? "met" : "unmet"}`).join(" ") || "none")})`);

  if (reasons.length) return { agree: false, reasons };
  return { agree: true, answer: { traceVerdict: verdicts[0]!, firstWrongStep: firstWrong[0]!, steps, ...(subGoals[0]!.length ? { subGoals: subGoals[0]! } : {}) } };
}
