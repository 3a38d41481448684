// A boolean judge against verified human outcomes: the confusion matrix and what is read from
// it, each with a 95% interval. Precision comes first, as AgentRewardBench reports judges
// (a judge that calls failures successes inflates a success rate and a reward).
//  - precision = TP / (TP + FP), recall = TP / (TP + FN): proportions, Wilson intervals;
//  - F1 = 2 TP / (2 TP + FP + FN) = 2J / (1 + J) with J = TP / (TP + FP + FN) (the share of
//    agreeing positives among the episodes either calls a success); J is a proportion of those,
//    so its Wilson interval, mapped through the increasing 2J / (1 + J), is one for F1;
//  - Cohen's kappa with the Fleiss-Cohen-Everitt standard error (kappa-interval.ts);
//  - trusting the judge: the judge's success rate minus the humans' on the same episodes,
//    (FP - FN) / n, with Newcombe's paired interval (paired-proportions.ts).
// They describe the episodes counted: when those were verified because of what the judge said
// (a sample stratified by it, or judge disagreements picked in triage), recall, F1 and kappa
// lean towards what was picked; precision within each judge outcome does not.
import { wilsonInterval } from "@/lib/domain/wilson";
import { cohensKappaInterval, type KappaInterval } from "@/lib/domain/estimates/kappa-interval";
import { newcombePaired, type PairedDifference } from "@/lib/domain/estimates/paired-proportions";
import { Z95 } from "@/lib/domain/estimates/normal";

/** Rows the judge, columns the human: [[TP, FP], [FN, TN]] (success first). */
export type BinaryConfusion = { truePositive: number; falsePositive: number; falseNegative: number; trueNegative: number };
export type RateWithInterval = { value: number; low: number; high: number } | null;

export type JudgeMetrics = {
  pairs: number;
  confusion: BinaryConfusion;
  precision: RateWithInterval;
  recall: RateWithInterval;
  f1: RateWithInterval;
  accuracy: RateWithInterval;
  kappa: KappaInterval | null;
  /** Judge's success rate minus the humans' on the same episodes. */
  rateShift: PairedDifference | null;
};

function proportion(successes: number, n: number, z: number): RateWithInterval {
  if (n === 0) return null;
  const w = wilsonInterval(successes, n, z);
  return { value: w.rate, low: w.low, high: w.high };
}

export function f1WithInterval(tp: number, fp: number, fn: number, z = Z95): RateWithInterval {
  const jaccard = proportion(tp, tp + fp + fn, z);
  if (!jaccard) return null;
  const f1 = (j: number) => (2 * j) / (1 + j);
  return { value: f1(jaccard.value), low: f1(jaccard.low), high: f1(jaccard.high) };
}

export function judgeMetrics(c: BinaryConfusion, z = Z95): JudgeMetrics {
  const { truePositive: tp, falsePositive: fp, falseNegative: fn, trueNegative: tn } = c;
  const pairs = tp + fp + fn + tn;
  return {
    pairs,
    confusion: c,
    precision: proportion(tp, tp + fp, z),
    recall: proportion(tp, tp + fn, z),
    f1: f1WithInterval(tp, fp, fn, z),
    accuracy: proportion(tp + tn, pairs, z),
    kappa: cohensKappaInterval([[tp, fp], [fn, tn]], z),
    rateShift: newcombePaired({ both: tp, onlyFirst: fp, onlySecond: fn, neither: tn }, z),
  };
}
