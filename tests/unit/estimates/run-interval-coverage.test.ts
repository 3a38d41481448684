// Simulation: does the run interval of sampled verification hold its 95% at the sample sizes the
// run page allows (2 verified per stratum upwards)? Synthetic runs of N = 200 episodes with a
// biased checker; per repetition a uniform sample of n is drawn, verified truthfully, and the
// run interval (sample-estimate.ts, as the page computes it) checked against the run's own rate.
// Five checkers (true rate p, the checker's false-positive and false-negative rates) and
// n = 3, 8, 20, 35, 100.
//
// Before the interval used the t quantile and the floored difference variance, the plain normal
// interval covered 12-79% at n = 3-8 and 77-93% at n = 35 in these cases (at n = 3 with no
// disagreement seen, s_d^2 = 0 and the interval is a point). Band: R = 3,000 repetitions per
// case; the Monte Carlo standard error of a coverage near 0.95 is sqrt(0.95 * 0.05 / 3000) =
// 0.004, so a floor of 0.935 is almost 4 standard errors under 95% and far above anything the
// normal interval reaches at n <= 35. The seeds are fixed, so the figures are the same on every run.
import { describe, expect, it } from "vitest";
import { sampleEstimate } from "@/lib/domain/estimates/sample-estimate";
import type { SampleUnit } from "@/lib/domain/estimates/sample-unit";
import { planAdditional } from "@/lib/domain/estimates/sample-plan";
import { seededRandom } from "../../support/seeded-random";

const N = 200;
const REPETITIONS = 3_000;
const CHECKERS = [
  { rate: 0.5, falsePositive: 0.2, falseNegative: 0.05 },
  { rate: 0.3, falsePositive: 0.1, falseNegative: 0.02 },
  { rate: 0.6, falsePositive: 0.05, falseNegative: 0.05 },
  { rate: 0.5, falsePositive: 0.3, falseNegative: 0 },
  { rate: 0.2, falsePositive: 0.05, falseNegative: 0.01 },
];

function coverage(checker: (typeof CHECKERS)[number], n: number, seed: number) {
  const random = seededRandom(seed);
  let covered = 0;
  let halfWidths = 0;
  for (let r = 0; r < REPETITIONS; r++) {
    const human: boolean[] = [];
    const automatic: boolean[] = [];
    for (let i = 0; i < N; i++) {
      const y = random() < checker.rate;
      human.push(y);
      automatic.push(y ? random() >= checker.falseNegative : random() < checker.falsePositive);
    }
    const order = human.map((_, i) => i);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(random() * (N - i));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const drawn = new Set(order.slice(0, n));
    const units: SampleUnit[] = human.map((y, i) => ({ stratumKey: "all", drawn: drawn.has(i), automatic: automatic[i]!, human: drawn.has(i) ? y : null }));
    const e = sampleEstimate(units, ["all"]);
    if (!e.ppi.ok) throw new Error(`repetition ${r}: ${e.ppi.reason}`);
    const truth = human.filter(Boolean).length / N;
    if (e.ppi.estimate.run.low <= truth && truth <= e.ppi.estimate.run.high) covered += 1;
    halfWidths += e.ppi.estimate.run.halfWidth;
  }
  return { coverage: covered / REPETITIONS, meanHalfWidth: halfWidths / REPETITIONS };
}

describe("the run interval holds 95% at the sample sizes the page allows", () => {
  for (const [c, checker] of CHECKERS.entries()) {
    it(`rate ${checker.rate}, checker ${checker.falsePositive} false positives and ${checker.falseNegative} false negatives`, () => {
      const lines: string[] = [];
      for (const n of [3, 8, 20, 35, 100]) {
        const s = coverage(checker, n, 20261206 + 100 * c + n);
        lines.push(`n=${n}: ${(s.coverage * 100).toFixed(1)}% (mean ±${(s.meanHalfWidth * 100).toFixed(1)} points)`);
        expect(s.coverage, `n = ${n}`).toBeGreaterThanOrEqual(0.935);
      }
      console.log(`run interval coverage, N=${N}, p=${checker.rate}, FP ${checker.falsePositive}, FN ${checker.falseNegative}, ${REPETITIONS} runs each: ${lines.join("; ")}`);
    });
  }
});

describe("one current half-width on the run page", () => {
  it("the estimate card and “How many more?” print the same half-width once the drawn are verified", () => {
    const random = seededRandom(7);
    for (const strata of [["all"], ["auto:success", "auto:failure"]]) {
      const units: SampleUnit[] = Array.from({ length: 200 }, (_, i) => {
        const automatic = random() < 0.55;
        const stratumKey = strata.length === 1 ? "all" : automatic ? "auto:success" : "auto:failure";
        const drawn = i % 6 === 0;
        return { stratumKey, drawn, automatic, human: drawn ? (automatic ? random() < 0.8 : random() < 0.1) : null };
      });
      const e = sampleEstimate(units, strata);
      if (!e.ppi.ok) throw new Error(e.ppi.reason);
      expect(planAdditional(e.plan, 0.03).currentHalfWidth).toBeCloseTo(e.ppi.estimate.run.halfWidth, 12);
    }
  });
});
