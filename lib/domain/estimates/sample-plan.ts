// How big a verification sample must be: the first draw's allocation across strata, and "how
// many more" sampled episodes bring the run interval of the prediction-powered estimate
// (lib/domain/estimates/ppi.ts) under a target half-width. Pure, and free of Node modules so
// the run page's planner can run it in the browser as the target changes.
//
// The run interval's variance with n_h episodes drawn in stratum h is
//   V(n) = sum_h W_h^2 (1/n_h - 1/N_h) v_h
// with v_h the variance of d = human - automatic in the stratum, read as the estimate reads it
// (difference-variance.ts: the verified differences' variance, floored by the rule of
// succession), and the half-width is the t quantile on the Welch–Satterthwaite degrees of
// freedom of those n_h (student-t.ts) times sqrt(V(n)): the estimate's own interval, so once
// the drawn episodes are verified the planner's "from" and the estimate card agree.
// Each term is convex and decreasing in n_h, so adding one episode at a time where it removes
// the most variance gives the smallest total for every size (greedy allocation is optimal for
// separable convex costs); the first size whose half-width is under the target is the answer.
// Episodes drawn but not verified yet count as drawn: they are already on their way.
import { flooredDifferenceVariance } from "@/lib/domain/estimates/difference-variance";
import { satterthwaiteDegreesOfFreedom, t95 } from "@/lib/domain/estimates/student-t";

export type PlanStratum = {
  key: string;
  populationSize: number; // N_h
  drawn: number; // n_h so far, verified or not
  verified: number; // m_h
  disagreements: number; // k_h
  differenceVariance: number | null; // s_d,h^2 from the verified, when m_h >= 2
};

export type SamplePlan = {
  additional: number;
  allocation: Record<string, number>;
  projectedHalfWidth: number; // with the additional episodes drawn and verified
  currentHalfWidth: number | null; // with those drawn so far (null while a stratum has none)
};

export const MIN_PER_STRATUM = 2;

/** The variance each stratum is planned with: the run interval's own (difference-variance.ts). */
export const planningVariance = flooredDifferenceVariance;

function halfWidthOf(strata: readonly PlanStratum[], drawn: readonly number[], variances: readonly number[], z: number | undefined): number | null {
  const population = strata.reduce((n, s) => n + s.populationSize, 0);
  const terms: { variance: number; observations: number }[] = [];
  for (let h = 0; h < strata.length; h++) {
    const s = strata[h]!;
    if (s.populationSize === 0) continue;
    if (drawn[h]! === 0) return null;
    terms.push({ variance: (s.populationSize / population) ** 2 * (1 / drawn[h]! - 1 / s.populationSize) * variances[h]!, observations: drawn[h]! });
  }
  const variance = terms.reduce((sum, t) => sum + t.variance, 0);
  const quantile = z ?? t95(satterthwaiteDegreesOfFreedom(terms));
  return quantile * Math.sqrt(Math.max(0, variance));
}

/** `z` fixes the quantile (tests); by default it is the t quantile of the run interval. */
export function planAdditional(strata: readonly PlanStratum[], targetHalfWidth: number, z?: number): SamplePlan {
  if (!(targetHalfWidth > 0)) throw new RangeError(`the target half-width must be > 0, got ${targetHalfWidth}`);
  const population = strata.reduce((n, s) => n + s.populationSize, 0);
  if (population === 0) throw new RangeError("nothing to sample: the strata are empty");
  const variances = strata.map(planningVariance);
  const drawn = strata.map((s) => Math.min(s.drawn, s.populationSize));
  const start = [...drawn];
  const currentHalfWidth = halfWidthOf(strata, drawn, variances, z);
  // Every stratum first gets the two episodes its variance estimate needs.
  strata.forEach((s, h) => {
    drawn[h] = Math.max(drawn[h]!, Math.min(MIN_PER_STRATUM, s.populationSize));
  });
  const gain = (h: number) => {
    const s = strata[h]!;
    const n = drawn[h]!;
    if (n >= s.populationSize) return -1;
    return (s.populationSize / population) ** 2 * variances[h]! * (1 / n - 1 / (n + 1));
  };
  let halfWidth = halfWidthOf(strata, drawn, variances, z)!;
  while (halfWidth > targetHalfWidth) {
    let best = -1;
    let bestGain = -1;
    for (let h = 0; h < strata.length; h++) {
      const g = gain(h);
      if (g > bestGain) {
        best = h;
        bestGain = g;
      }
    }
    if (best < 0) break; // everything drawn: the interval is a point
    drawn[best]! += 1;
    halfWidth = halfWidthOf(strata, drawn, variances, z)!;
  }
  const allocation: Record<string, number> = {};
  strata.forEach((s, h) => {
    if (drawn[h]! > start[h]!) allocation[s.key] = drawn[h]! - start[h]!;
  });
  return { additional: drawn.reduce((n, v, h) => n + v - start[h]!, 0), allocation, projectedHalfWidth: halfWidth, currentHalfWidth };
}

/**
 * A first sample of `total` episodes over strata of the given sizes: two per stratum (so each
 * has a variance estimate), the rest in proportion to what each still holds (largest
 * remainders, so in proportion to their sizes up to those first two), never
 * more than a stratum holds.
 */
export function allocateSample(strata: readonly { key: string; populationSize: number }[], total: number): Record<string, number> {
  const population = strata.reduce((n, s) => n + s.populationSize, 0);
  if (!Number.isInteger(total) || total < 1) throw new RangeError(`the sample size must be an integer >= 1, got ${total}`);
  if (total > population) throw new RangeError(`the sample size ${total} is larger than the ${population} episodes`);
  const minimum = strata.reduce((n, s) => n + Math.min(MIN_PER_STRATUM, s.populationSize), 0);
  if (total < minimum) throw new RangeError(`a sample over these ${strata.filter((s) => s.populationSize > 0).length} strata needs at least ${minimum} episodes (${MIN_PER_STRATUM} in each)`);
  const counts = strata.map((s) => Math.min(MIN_PER_STRATUM, s.populationSize));
  let left = total - minimum;
  // Proportional shares of what is left, capped by what each stratum still holds.
  while (left > 0) {
    const room = strata.map((s, h) => s.populationSize - counts[h]!);
    const open = room.reduce((n, r) => n + r, 0);
    const shares = room.map((r) => (r * left) / open);
    const whole = shares.map((share, h) => Math.min(room[h]!, Math.floor(share)));
    let given = whole.reduce((n, w) => n + w, 0);
    const order = shares.map((share, h) => ({ h, rest: share - Math.floor(share) })).sort((a, b) => b.rest - a.rest || a.h - b.h);
    for (const { h } of order) {
      if (given >= left) break;
      if (whole[h]! < room[h]!) {
        whole[h]! += 1;
        given += 1;
      }
    }
    whole.forEach((w, h) => {
      counts[h]! += w;
    });
    left -= given;
  }
  return Object.fromEntries(strata.map((s, h) => [s.key, counts[h]!]));
}
