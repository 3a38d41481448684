// The variance of d = human - automatic that a run interval uses in a stratum, for 0/1
// outcomes: the sample variance of the verified differences, but never below p(1 - p) with
// p = (k + 1) / (m + 2), k of the m verified episodes disagreeing with the predictor.
//
// Why a floor: with few verified episodes the sample variance is often 0 or near it (nobody has
// seen a disagreement yet, or only one), and an interval built on it covers far less than it
// says: at N = 200 with a checker wrong on 10-30% of episodes, the plain normal interval
// covered the run's rate 33-72% of the time with 3-8 verified and 82-93% with 35
// (tests/unit/estimates/run-interval-coverage.test.ts). The add-one proportion is Laplace's
// rule of succession: a stratum where nothing disagreed yet is not taken as certain, and one
// with nothing verified gets 1/4, the largest a 0/1 variance can be. The same value plans
// "how many more" (sample-plan.ts), so the estimate card and the planner print one current
// half-width.
export type DifferenceCounts = { verified: number; disagreements: number; differenceVariance: number | null };

export function flooredDifferenceVariance(s: DifferenceCounts): number {
  const p = (s.disagreements + 1) / (s.verified + 2);
  return Math.max(s.differenceVariance ?? 0, p * (1 - p));
}
