// Simulation: does the 95% prediction-powered interval cover the truth about 95% of the time
// when the automatic checker is biased? Synthetic runs of N = 300 episodes, each a success with
// probability 0.40; the checker calls 90% of successes and 35% of failures a success, so the
// automatic rate is about 0.57, 17 points too high. Per repetition the app's sample is drawn
// (uniformly, or stratified by the checker's outcome with the app's allocation), the estimate
// computed, and its run interval checked against the run's own true rate, its model interval
// against 0.40. Two sample sizes: n = 40 (the e2e's), and n = 120, where the finite population
// correction and the model interval's spread term each move the coverage by several points.
//
// Band: R = 4,000 repetitions per case. A correct implementation of these normal intervals
// covers a little under 95% with 40 verified (the normal approximation to a mean of 40 small
// discrete differences: about 93.5-94% here); the Monte Carlo standard error of a coverage near
// 0.94 is sqrt(0.94 * 0.06 / 4000) = 0.0038, so [0.92, 0.97] is more than 4.5 standard errors
// from where a correct implementation lands. Wrong ones miss it: no correction (the automatic
// rate) covers ~0%; at n = 120, leaving out the finite population correction covers ~99%, and
// leaving the spread term out of the model interval ~84-86%. The seeds are fixed, so the figures
// printed are the same on every run.
import { describe, expect, it } from "vitest";
import { ppiEstimate, type PpiStratum } from "@/lib/domain/estimates/ppi";
import { allocateSample } from "@/lib/domain/estimates/sample-plan";
import { wilsonInterval } from "@/lib/domain/wilson";
import { seededRandom } from "../../support/seeded-random";

const N = 300;
const TRUE_RATE = 0.4;
const CALLS_SUCCESS = 0.9; // P(checker says success | success)
const CALLS_FAILURE = 0.35; // P(checker says success | failure)
const REPETITIONS = 4_000;

function syntheticRun(random: () => number) {
  const human: number[] = [];
  const automatic: number[] = [];
  for (let i = 0; i < N; i++) {
    const y = random() < TRUE_RATE ? 1 : 0;
    human.push(y);
    automatic.push(random() < (y ? CALLS_SUCCESS : CALLS_FAILURE) ? 1 : 0);
  }
  return { human, automatic };
}

function drawFrom(random: () => number, indices: number[], size: number): number[] {
  const shuffled = [...indices];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, size);
}

function stratumOf(key: string, indices: number[], drawn: number[], run: ReturnType<typeof syntheticRun>): PpiStratum {
  const sum = indices.reduce((s, i) => s + run.automatic[i]!, 0);
  return { key, populationSize: indices.length, automaticSum: sum, automaticSquares: sum, verified: drawn.map((i) => ({ automatic: run.automatic[i]!, human: run.human[i]! })) };
}

function simulate(design: "uniform" | "stratified", n: number, seed: number) {
  const random = seededRandom(seed);
  let runCovered = 0;
  let modelCovered = 0;
  let automaticCovered = 0;
  let estimateMinusTruth = 0;
  let automaticMinusTruth = 0;
  for (let r = 0; r < REPETITIONS; r++) {
    const run = syntheticRun(random);
    const truth = run.human.reduce((s, v) => s + v, 0) / N;
    const all = run.human.map((_, i) => i);
    let strata: PpiStratum[];
    if (design === "uniform") {
      strata = [stratumOf("all", all, drawFrom(random, all, n), run)];
    } else {
      const groups = { "auto:success": all.filter((i) => run.automatic[i] === 1), "auto:failure": all.filter((i) => run.automatic[i] === 0) };
      const sizes = allocateSample(Object.entries(groups).map(([key, g]) => ({ key, populationSize: g.length })), n);
      strata = Object.entries(groups).map(([key, g]) => stratumOf(key, g, drawFrom(random, g, sizes[key]!), run));
    }
    const result = ppiEstimate(strata);
    if (!result.ok) throw new Error(`repetition ${r}: ${result.reason}`);
    const e = result.estimate;
    if (e.run.low <= truth && truth <= e.run.high) runCovered += 1;
    if (e.model.low <= TRUE_RATE && TRUE_RATE <= e.model.high) modelCovered += 1;
    const autoSuccesses = run.automatic.reduce((s, v) => s + v, 0);
    const w = wilsonInterval(autoSuccesses, N);
    if (w.low <= truth && truth <= w.high) automaticCovered += 1;
    estimateMinusTruth += e.estimate - truth;
    automaticMinusTruth += autoSuccesses / N - truth;
  }
  return {
    runCoverage: runCovered / REPETITIONS,
    modelCoverage: modelCovered / REPETITIONS,
    automaticCoverage: automaticCovered / REPETITIONS,
    bias: estimateMinusTruth / REPETITIONS,
    automaticBias: automaticMinusTruth / REPETITIONS,
  };
}

describe.each([
  { design: "uniform", n: 40, seed: 20261201 },
  { design: "stratified", n: 40, seed: 20261202 },
  { design: "uniform", n: 120, seed: 20261203 },
  { design: "stratified", n: 120, seed: 20261204 },
] as const)("the 95 percent PPI interval on runs with a biased checker: $design sample of $n of 300", ({ design, n, seed }) => {
  it("covers the run's true rate and the model's at about the nominal frequency, where the automatic rate is biased", () => {
    const s = simulate(design, n, seed);
    console.log(
      `PPI coverage (${design}, N=${N}, n=${n}, ${REPETITIONS} runs): run interval ${(s.runCoverage * 100).toFixed(2)}%, model interval ${(s.modelCoverage * 100).toFixed(2)}%; ` +
        `mean error of the estimate ${(s.bias * 100).toFixed(2)} points; automatic rate ${(s.automaticBias * 100).toFixed(2)} points off, its Wilson interval covering ${(s.automaticCoverage * 100).toFixed(2)}%`,
    );
    expect(s.runCoverage).toBeGreaterThanOrEqual(0.92);
    expect(s.runCoverage).toBeLessThanOrEqual(0.97);
    expect(s.modelCoverage).toBeGreaterThanOrEqual(0.92);
    expect(s.modelCoverage).toBeLessThanOrEqual(0.97);
    // Unbiased: the mean error's standard error is about sqrt(0.008 / 4000) = 0.0014.
    expect(Math.abs(s.bias)).toBeLessThan(0.006);
    // The checker alone is about 0.9 * 0.4 + 0.35 * 0.6 - 0.4 = 0.17 too high, and its interval almost never covers.
    expect(s.automaticBias).toBeGreaterThan(0.15);
    expect(s.automaticCoverage).toBeLessThan(0.01);
  });
});
