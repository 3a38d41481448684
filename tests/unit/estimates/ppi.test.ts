// The prediction-powered estimate and its two intervals (lib/domain/estimates/ppi.ts) against
// values computed by hand from the formulas in its header (Angelopoulos et al., Science 2023,
// with the finite-population and within-population variances of the README).
import { describe, expect, it } from "vitest";
import { ppiEstimate, type PpiPair, type PpiStratum } from "@/lib/domain/estimates/ppi";

const pairs = (...values: [number, number][]): PpiPair[] => values.map(([automatic, human]) => ({ automatic, human }));
const stratum = (key: string, automatic: number[], verified: PpiPair[]): PpiStratum => ({
  key,
  populationSize: automatic.length,
  automaticSum: automatic.reduce((s, v) => s + v, 0),
  automaticSquares: automatic.reduce((s, v) => s + v * v, 0),
  verified,
});
const ones = (n: number, v = 1) => Array.from({ length: n }, () => v);

function ok(result: ReturnType<typeof ppiEstimate>) {
  if (!result.ok) throw new Error(`expected an estimate, got ${result.reason}`);
  return result.estimate;
}

describe("ppiEstimate, one stratum (a uniform sample)", () => {
  // N = 20, f: 12 successes, 8 failures (automatic rate 0.6). Verified 5: (1,1) (1,1) (1,0) (0,0) (0,0).
  // d = 0, 0, -1, 0, 0: mean -0.2, s_d^2 = (4 * 0.04 + 0.64) / 4 = 0.2
  // theta = 0.6 - 0.2 = 0.4
  // V_run = (1 - 5/20) * 0.2 / 5 = 0.03; 5 verified, 4 degrees of freedom: t = 2.776445,
  // half = 2.776445 * 0.173205 = 0.480894 -> (0, 0.880894) clipped at 0
  // var_N(f) = (12 - 20 * 0.36) / 19 = 0.252632; sampled f mean 0.6, cov(f, d) = (0.08 + 0.08 - 0.32 - 0.12 - 0.12) / 4 = -0.1
  // sigma_y^2 = 0.252632 - 0.2 + 0.2 = 0.252632; V_model = 0.252632 / 20 + 0.03 = 0.0426316
  const run = stratum("all", [...ones(12), ...ones(8, 0)], pairs([1, 1], [1, 1], [1, 0], [0, 0], [0, 0]));

  it("corrects the automatic rate by the verified differences", () => {
    const e = ok(ppiEstimate([run]));
    expect(e.population).toBe(20);
    expect(e.verified).toBe(5);
    expect(e.automaticRate).toBeCloseTo(0.6, 12);
    expect(e.correction).toBeCloseTo(-0.2, 12);
    expect(e.estimate).toBeCloseTo(0.4, 12);
    expect(e.strata[0]!.differenceVariance).toBeCloseTo(0.2, 12);
    expect(e.strata[0]!.disagreements).toBe(1);
  });

  it("gives the run interval with the finite population correction", () => {
    const e = ok(ppiEstimate([run]));
    expect(e.run.variance).toBeCloseTo(0.03, 12);
    expect(e.quantile.degreesOfFreedom).toBeCloseTo(4, 12);
    expect(e.run.halfWidth).toBeCloseTo(0.480894, 6);
    expect(e.run.low).toBe(0);
    expect(e.run.high).toBeCloseTo(0.880894, 6);
  });

  it("gives the normal interval when the quantile is fixed", () => {
    const e = ok(ppiEstimate([run], { z: 1.959964 }));
    expect(e.run.halfWidth).toBeCloseTo(0.339476, 6);
    expect(e.run.low).toBeCloseTo(0.060524, 6);
  });

  it("floors the difference variance of 0/1 outcomes by the rule of succession", () => {
    // 1 of 5 disagreed: p = 2/7, p(1 - p) = 10/49 = 0.204082 > s_d^2 = 0.2
    const e = ok(ppiEstimate([run], { binary: true }));
    expect(e.run.variance).toBeCloseTo((0.75 * (10 / 49)) / 5, 12);
    // Nothing disagreed in 5: s_d^2 = 0 would give a zero-width interval; the floor is p = 1/7.
    const agreeing = ok(ppiEstimate([stratum("all", [...ones(12), ...ones(8, 0)], pairs([1, 1], [1, 1], [0, 0], [0, 0], [1, 1]))], { binary: true }));
    expect(agreeing.run.variance).toBeCloseTo((0.75 * (1 / 7) * (6 / 7)) / 5, 12);
    expect(agreeing.run.halfWidth).toBeGreaterThan(0.2);
  });

  it("adds the spread of y over the N episodes for the model interval", () => {
    const e = ok(ppiEstimate([run]));
    expect(e.model.variance).toBeCloseTo(0.0426316, 6);
    // 0.4 - 2.776445 * 0.206474 < 0: clipped at 0 (the t quantile of the run interval's 4 degrees of freedom)
    expect(e.model.low).toBe(0);
    expect(e.model.high).toBeCloseTo(0.4 + 2.776445 * Math.sqrt(0.0426316), 5);
  });

  it("is exact once every episode is verified: no run uncertainty, the model's is var(y) / N", () => {
    // f = 1 1 0 0, y = 1 0 0 1: theta = mean y = 0.5; var(y) = 1/3 (n - 1), so V_model = 1/12
    const all = stratum("all", [1, 1, 0, 0], pairs([1, 1], [1, 0], [0, 0], [0, 1]));
    const e = ok(ppiEstimate([all]));
    expect(e.estimate).toBeCloseTo(0.5, 12);
    expect(e.run.variance).toBe(0);
    expect(e.run.low).toBeCloseTo(0.5, 12);
    expect(e.model.variance).toBeCloseTo(1 / 12, 12);
  });

  it("takes any numbers, clipped to the bounds it is given (a paired difference lies in [-1, 1])", () => {
    const diff = stratum("all", [1, 0, -1, 0, 0, 1], pairs([1, 0], [0, 0], [-1, -1]));
    const e = ok(ppiEstimate([diff], { min: -1, max: 1 }));
    // mean f = 1/6, d = -1, 0, 0: mean -1/3 -> theta = -1/6
    expect(e.estimate).toBeCloseTo(-1 / 6, 12);
    expect(e.run.low).toBeGreaterThanOrEqual(-1);
    expect(e.run.low).toBeLessThan(-1 / 6);
  });
});

describe("ppiEstimate, stratified", () => {
  // A: automatic success, N = 30 (f = 1); verified y = 1, 1, 0, 1: d mean -0.25, s^2 = 0.25
  // B: automatic failure, N = 10 (f = 0); verified y = 0, 1, 0: d mean 1/3, s^2 = 1/3
  // W = 0.75, 0.25. theta = 0.75 * 0.75 + 0.25 * (1/3) = 0.645833; automatic rate 0.75
  // V_run = 0.5625 * (1 - 4/30) * 0.25 / 4 + 0.0625 * (1 - 3/10) * (1/3) / 3 = 0.0304688 + 0.0048611 = 0.0353299
  // sigma_y^2 = 0.75 * (0.25 + (0.75 - 0.645833)^2) + 0.25 * (1/3 + (1/3 - 0.645833)^2) = 0.303385
  // V_model = 0.0353299 + 0.303385 / 40 = 0.0429145
  const strata = [
    stratum("auto:success", ones(30), pairs([1, 1], [1, 1], [1, 0], [1, 1])),
    stratum("auto:failure", ones(10, 0), pairs([0, 0], [0, 1], [0, 0])),
  ];

  it("weights each stratum's corrected mean by its share of the run", () => {
    const e = ok(ppiEstimate(strata));
    expect(e.automaticRate).toBeCloseTo(0.75, 12);
    expect(e.estimate).toBeCloseTo(0.645833, 6);
    expect(e.strata.map((s) => [s.key, s.weight, s.estimate])).toEqual([
      ["auto:success", 0.75, 0.75],
      ["auto:failure", 0.25, expect.closeTo(1 / 3, 12)],
    ]);
    expect(e.run.variance).toBeCloseTo(0.0353299, 6);
    expect(e.model.variance).toBeCloseTo(0.0429145, 6);
    expect(e.run.high).toBe(1);
  });

  it("needs two verified episodes in every stratum not fully verified", () => {
    const short = [strata[0]!, stratum("auto:failure", ones(10, 0), pairs([0, 1]))];
    expect(ppiEstimate(short)).toEqual({ ok: false, reason: "too_few_verified", strata: ["auto:failure"] });
    // A stratum of one episode, verified, is complete.
    const census = [strata[0]!, stratum("auto:none", [0], pairs([0, 1]))];
    expect(ppiEstimate(census).ok).toBe(true);
  });

  it("names the strata in which no disagreement has been seen yet", () => {
    const agreeing = [stratum("auto:success", ones(30), pairs([1, 1], [1, 1])), strata[1]!];
    expect(ok(ppiEstimate(agreeing)).noDisagreementYet).toEqual(["auto:success"]);
  });

  it("refuses impossible input and says when there is nothing to estimate", () => {
    expect(ppiEstimate([])).toEqual({ ok: false, reason: "no_population" });
    expect(() => ppiEstimate([stratum("x", [1], pairs([1, 1], [1, 0]))])).toThrow(/2 verified of 1/);
  });
});
