// The prediction-powered estimate of a run's success rate (Angelopoulos, Bates, Fannjiang,
// Jordan, Zrnic: "Prediction-powered inference", Science 382, 2023): the mean automatic outcome
// f over all N episodes, corrected by the mean of (human - automatic) over the n episodes the
// app drew at random and a person verified. Stratified when the sample was (strata h of N_h
// episodes, n_h verified, W_h = N_h / N); a uniform sample is one stratum.
//
//   theta  = sum_h W_h (mean_{N_h} f + mean_{n_h} d),    d = y - f
//
// Two intervals, for two questions (README, "Sampled verification"):
//  - run: the rate this run would show if every episode were verified (the mean of y over the
//    N episodes). f is known on all of them, so only the correction is uncertain, and the n_h
//    are drawn without replacement from the N_h (finite population correction):
//      V_run = sum_h W_h^2 (1 - n_h / N_h) s_d,h^2 / n_h
//  - model: the model's rate on tasks like these, the N episodes themselves a sample of them
//    (the paper's setting). The same estimator, whose variance then also carries the spread of
//    y over the N episodes:
//      V_model = sigma_y^2 / N + V_run,
//      sigma_y^2 = sum_h W_h [var_h(f) + 2 cov_h(f, d) + s_d,h^2 + (theta_h - theta)^2]
//    The paper's formula sigma_f^2 / N + sigma_d^2 / n treats the verified episodes as apart
//    from the N; here they are among them, and V_model is the exact variance of this estimator
//    under that design (it differs by 2 cov(f, d) / N, which is <= 0 for 0/1 outcomes, so the
//    paper's formula would be a little wider).
// Both are built on a random sample (uniform, or uniform within strata fixed before drawing);
// s_d needs n_h >= 2. Their quantile is Student's t on the Welch–Satterthwaite degrees of
// freedom of the run variance's terms (student-t.ts), not the normal 1.96, and for 0/1
// outcomes (`binary`) each s_d,h^2 is floored by the rule of succession
// (difference-variance.ts): with few verified episodes the plain normal interval covered the
// run's rate 33-93% of the time at n = 3-35 of N = 200 under a "95%" label; with both, every
// case simulated covers at least about 94.5% (tests/unit/estimates/run-interval-coverage.test.ts).
// Pure and generic: f and y may be any numbers (a paired comparison passes differences).
import { normalInterval } from "@/lib/domain/estimates/normal";
import { flooredDifferenceVariance } from "@/lib/domain/estimates/difference-variance";
import { satterthwaiteDegreesOfFreedom, t95 } from "@/lib/domain/estimates/student-t";

export type PpiPair = { automatic: number; human: number };

export type PpiStratum = {
  key: string;
  /** N_h: the stratum's episodes (the sample's population). */
  populationSize: number;
  /** Sum of f and of f^2 over those N_h episodes. */
  automaticSum: number;
  automaticSquares: number;
  /** The stratum's sampled episodes that have a human outcome. */
  verified: readonly PpiPair[];
};

export type PpiStratumResult = {
  key: string;
  populationSize: number;
  weight: number; // W_h = N_h / N
  verified: number; // n_h
  automaticMean: number;
  correction: number; // mean d over the verified
  estimate: number; // automaticMean + correction
  differenceVariance: number | null; // s_d,h^2, null below 2 verified
  disagreements: number; // verified episodes with d != 0
};

export type IntervalResult = { variance: number; low: number; high: number; halfWidth: number };

/** The quantile both intervals use: t on `degreesOfFreedom` (Infinity: the normal 1.96). */
export type IntervalQuantile = { quantile: number; degreesOfFreedom: number };

export type PpiEstimate = {
  population: number;
  verified: number;
  automaticRate: number;
  correction: number;
  estimate: number;
  run: IntervalResult;
  model: IntervalResult;
  quantile: IntervalQuantile;
  strata: PpiStratumResult[];
  /** Strata still partly unverified in which no verified episode disagreed with f: their share of V_run is 0 until one does. */
  noDisagreementYet: string[];
};

export type PpiOutcome =
  | { ok: true; estimate: PpiEstimate }
  | { ok: false; reason: "no_population" }
  | { ok: false; reason: "too_few_verified"; strata: string[] };

/**
 * `binary`: f and y are 0/1 outcomes, so each stratum's s_d^2 is floored (difference-variance.ts).
 * `z` fixes the quantile instead of the t quantile (tests and callers that need the old normal
 * interval); min/max clip the interval (a rate cannot leave [0, 1]).
 */
export type PpiOptions = { z?: number; min?: number; max?: number; binary?: boolean };

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

function sampleCovariance(a: readonly number[], b: readonly number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  return a.reduce((s, v, i) => s + (v - ma) * (b[i]! - mb), 0) / (a.length - 1);
}

export function ppiEstimate(strata: readonly PpiStratum[], options: PpiOptions = {}): PpiOutcome {
  const { z, min = 0, max = 1, binary = false } = options;
  for (const s of strata) {
    if (!Number.isInteger(s.populationSize) || s.populationSize < 0) throw new RangeError(`stratum ${s.key}: populationSize must be an integer >= 0`);
    if (s.verified.length > s.populationSize) throw new RangeError(`stratum ${s.key}: ${s.verified.length} verified of ${s.populationSize} episodes`);
  }
  const present = strata.filter((s) => s.populationSize > 0);
  const population = present.reduce((n, s) => n + s.populationSize, 0);
  if (population === 0) return { ok: false, reason: "no_population" };
  // A stratum not fully verified needs two verified episodes for s_d; a fully verified one
  // (a census) needs none, since nothing is left to estimate in it.
  const lacking = present.filter((s) => s.verified.length < s.populationSize && s.verified.length < 2);
  if (lacking.length) return { ok: false, reason: "too_few_verified", strata: lacking.map((s) => s.key) };

  const results: PpiStratumResult[] = [];
  let estimate = 0;
  let automaticRate = 0;
  let runVariance = 0;
  const runTerms: { variance: number; observations: number }[] = [];
  const within: number[] = [];
  for (const s of present) {
    const weight = s.populationSize / population;
    const f = s.verified.map((p) => p.automatic);
    const d = s.verified.map((p) => p.human - p.automatic);
    const automaticMean = s.automaticSum / s.populationSize;
    const correction = mean(d);
    const m = d.length;
    const differenceVariance = m >= 2 ? sampleCovariance(d, d) : null;
    const disagreements = d.filter((v) => v !== 0).length;
    if (differenceVariance !== null && m < s.populationSize) {
      const v = binary ? flooredDifferenceVariance({ verified: m, disagreements, differenceVariance }) : differenceVariance;
      const term = weight ** 2 * (1 - m / s.populationSize) * (v / m);
      runVariance += term;
      runTerms.push({ variance: term, observations: m });
    }
    // Within-stratum variance of y = f + d: var(f) over the N_h, cov(f, d) and var(d) over the verified.
    const fVariance = s.populationSize > 1 ? Math.max(0, (s.automaticSquares - s.populationSize * automaticMean ** 2) / (s.populationSize - 1)) : 0;
    const yVariance = m >= 2 ? Math.max(0, fVariance + 2 * sampleCovariance(f, d) + differenceVariance!) : 0;
    within.push(yVariance);
    estimate += weight * (automaticMean + correction);
    automaticRate += weight * automaticMean;
    results.push({ key: s.key, populationSize: s.populationSize, weight, verified: m, automaticMean, correction, estimate: automaticMean + correction, differenceVariance, disagreements });
  }
  const spread = results.reduce((sum, r, i) => sum + r.weight * (within[i]! + (r.estimate - estimate) ** 2), 0);
  const modelVariance = spread / population + runVariance;
  const degreesOfFreedom = z === undefined ? satterthwaiteDegreesOfFreedom(runTerms) : Infinity;
  const quantile = z ?? t95(degreesOfFreedom);
  const interval = (variance: number): IntervalResult => ({ variance, ...normalInterval(estimate, variance, quantile, min, max) });
  return {
    ok: true,
    estimate: {
      population,
      verified: results.reduce((n, r) => n + r.verified, 0),
      automaticRate,
      correction: estimate - automaticRate,
      estimate,
      run: interval(runVariance),
      model: interval(modelVariance),
      quantile: { quantile, degreesOfFreedom },
      strata: results,
      noDisagreementYet: results.filter((r) => r.verified < r.populationSize && r.disagreements === 0).map((r) => r.key),
    },
  };
}
