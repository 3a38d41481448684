// When a judge may be trusted on a benchmark, and what its success rate says once its errors are
// accounted for. The bar (the project's setting; default after awslabs' calibrated agent
// evaluation, as the issue that asked for it cites: both 95% lower bounds at least 0.80, at
// least 150 human labels): the judge's true-positive rate (of the episodes people settled as a
// success, the share it called a success) and true-negative rate (of the failures, the share it
// called a failure) each have a 95% Wilson interval, and both lower ends must reach the bar.
// Both, because a judge that calls everything a success has a perfect TPR and is useless.
// Labels still needed: at the observed rates and the observed share of successes, the fewest
// more labels after which both lower bounds and the count would clear the bar; null when a
// rate is at or below the bar, so no number of labels at that rate would.
// Rogan-Gladen: the prevalence a judge's observed rate implies given its TPR and TNR,
// (observed + TNR - 1) / (TPR + TNR - 1), clipped to [0, 1] (W. J. Rogan and B. Gladen,
// "Estimating prevalence from the results of a screening test", Am J Epidemiol 107 (1978) 71-76);
// undefined when TPR + TNR <= 1 (the judge is no better than a coin).
// Pure.
import type { BinaryConfusion, RateWithInterval } from "@/lib/domain/estimates/judge-metrics";
import { Z95 } from "@/lib/domain/estimates/normal";
import { wilsonInterval } from "@/lib/domain/wilson";
import { z } from "zod";

export const CertificationBarSchema = z.object({
  minLowerBound: z.number().gt(0).lt(1).default(0.8),
  minPairs: z.number().int().min(1).max(100_000).default(150),
});
export type CertificationBar = z.infer<typeof CertificationBarSchema>;

export type Certification = {
  tpr: RateWithInterval;
  tnr: RateWithInterval;
  pairs: number;
  certified: boolean;
  /** More labels needed at the observed rates: 0 when certified, null when those rates never reach the bar. */
  labelsNeeded: number | null;
};

const rate = (k: number, n: number): RateWithInterval => {
  if (n === 0) return null;
  const w = wilsonInterval(k, n, Z95);
  return { value: w.rate, low: w.low, high: w.high };
};

// The Wilson lower bound of a rate p observed over n trials (n real: a projection).
function lowerAt(p: number, n: number): number {
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (Z95 / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return p === 0 ? 0 : Math.max(0, center - half);
}

const MAX_PROJECTED = 1_000_000;

function labelsNeeded(c: BinaryConfusion, bar: CertificationBar): number | null {
  const positives = c.truePositive + c.falseNegative;
  const negatives = c.trueNegative + c.falsePositive;
  const pairs = positives + negatives;
  if (positives === 0 || negatives === 0) return null; // no rate observed: nothing to project
  const tpr = c.truePositive / positives;
  const tnr = c.trueNegative / negatives;
  if (tpr <= bar.minLowerBound || tnr <= bar.minLowerBound) return null;
  const share = positives / pairs;
  const clears = (more: number) =>
    pairs + more >= bar.minPairs && lowerAt(tpr, positives + more * share) >= bar.minLowerBound && lowerAt(tnr, negatives + more * (1 - share)) >= bar.minLowerBound;
  if (clears(0)) return 0;
  let high = 1;
  while (!clears(high)) {
    high *= 2;
    if (high > MAX_PROJECTED) return null;
  }
  let low = 0; // does not clear
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (clears(mid)) high = mid;
    else low = mid;
  }
  return high;
}

export function certify(c: BinaryConfusion, bar: CertificationBar): Certification {
  const tpr = rate(c.truePositive, c.truePositive + c.falseNegative);
  const tnr = rate(c.trueNegative, c.trueNegative + c.falsePositive);
  const pairs = c.truePositive + c.falsePositive + c.falseNegative + c.trueNegative;
  const certified = pairs >= bar.minPairs && tpr !== null && tnr !== null && tpr.low >= bar.minLowerBound && tnr.low >= bar.minLowerBound;
  return { tpr, tnr, pairs, certified, labelsNeeded: certified ? 0 : labelsNeeded(c, bar) };
}

/** The success rate implied by a judge's observed rate and its TPR/TNR; null when TPR + TNR <= 1. */
export function roganGladen(observed: number, tpr: number, tnr: number): { rate: number; clipped: boolean } | null {
  const youden = tpr + tnr - 1;
  if (youden <= 0) return null;
  const raw = (observed + tnr - 1) / youden;
  const clipped = raw < 0 || raw > 1;
  return { rate: Math.min(1, Math.max(0, raw)), clipped };
}
