// From a verification sample's units to what the run page reports: the prediction-powered
// estimate (ppi.ts) over the sample's strata, the Rogan–Gladen corrected rate beside it
// (sample-rogan-gladen.ts), the verified-only estimate, the inputs of the "how many more"
// planner (sample-plan.ts), and the counts that say how far along the sample is. Each unit is
// one episode of the sample's population with its stored values: the predictor's outcome
// (`automatic`: the automatic outcome as reported, or a chosen judge's own verdict, predictor.ts;
// f: success 1, failure or none 0; the correction term keeps the estimate unbiased whatever f
// is, as long as f does not depend on who looked at what), and the human outcome of its
// verified final answer (null: not verified, or "unsure").
// Only drawn units count as verified here: episodes verified outside the sample are the
// caller's to show apart, never mixed in.
import { wilsonInterval } from "@/lib/domain/wilson";
import { ppiEstimate, type PpiOutcome, type PpiStratum } from "@/lib/domain/estimates/ppi";
import type { PlanStratum } from "@/lib/domain/estimates/sample-plan";
import { predictorValue as f } from "@/lib/domain/estimates/predictor";
import { sampleRoganGladen, type SampleRoganGladen } from "@/lib/domain/estimates/sample-rogan-gladen";
import type { SampleUnit } from "@/lib/domain/estimates/sample-unit";

export type VerifiedOnly =
  | { kind: "wilson"; successes: number; n: number; rate: number; low: number; high: number }
  | { kind: "stratified"; n: number; rate: number; low: number; high: number };

export type SampleCounts = { population: number; drawn: number; verified: number; waiting: number; automaticSuccesses: number; automaticNone: number };

export type SampleEstimate = {
  ppi: PpiOutcome;
  roganGladen: SampleRoganGladen;
  verifiedOnly: VerifiedOnly | null;
  plan: PlanStratum[];
  counts: SampleCounts;
};

export function sampleEstimate(units: readonly SampleUnit[], strataKeys: readonly string[]): SampleEstimate {
  const byStratum = new Map<string, SampleUnit[]>(strataKeys.map((k) => [k, []]));
  for (const u of units) {
    const list = byStratum.get(u.stratumKey);
    if (!list) throw new RangeError(`unit in unknown stratum ${u.stratumKey}`);
    list.push(u);
  }
  const strata: PpiStratum[] = [];
  const humanOnly: PpiStratum[] = [];
  const plan: PlanStratum[] = [];
  for (const [key, members] of byStratum) {
    const verified = members.filter((u) => u.drawn && u.human !== null).map((u) => ({ automatic: f(u.automatic), human: u.human ? 1 : 0 }));
    const sum = members.reduce((s, u) => s + f(u.automatic), 0);
    strata.push({ key, populationSize: members.length, automaticSum: sum, automaticSquares: sum, verified });
    humanOnly.push({ key, populationSize: members.length, automaticSum: 0, automaticSquares: 0, verified: verified.map((p) => ({ automatic: 0, human: p.human })) });
    const d = verified.map((p) => p.human - p.automatic);
    const mean = d.length ? d.reduce((s, v) => s + v, 0) / d.length : 0;
    plan.push({
      key,
      populationSize: members.length,
      drawn: members.filter((u) => u.drawn).length,
      verified: verified.length,
      disagreements: d.filter((v) => v !== 0).length,
      differenceVariance: d.length >= 2 ? d.reduce((s, v) => s + (v - mean) ** 2, 0) / (d.length - 1) : null,
    });
  }
  const ppi = ppiEstimate(strata, { binary: true });
  const verifiedCount = strata.reduce((n, s) => n + s.verified.length, 0);
  let verifiedOnly: VerifiedOnly | null = null;
  if (strata.length === 1 && verifiedCount > 0) {
    // One stratum: every verified episode stands for as many; the binomial interval applies.
    const successes = strata[0]!.verified.filter((p) => p.human === 1).length;
    const w = wilsonInterval(successes, verifiedCount);
    verifiedOnly = { kind: "wilson", successes, n: verifiedCount, rate: w.rate, low: w.low, high: w.high };
  } else if (strata.length > 1) {
    // Strata weighted by their size: the same estimator with f = 0 (no help from the machines).
    const stratified = ppiEstimate(humanOnly, { binary: true });
    if (stratified.ok) verifiedOnly = { kind: "stratified", n: verifiedCount, rate: stratified.estimate.estimate, low: stratified.estimate.run.low, high: stratified.estimate.run.high };
  }
  const drawn = units.filter((u) => u.drawn).length;
  return {
    ppi,
    roganGladen: sampleRoganGladen(units),
    verifiedOnly,
    plan,
    counts: {
      population: units.length,
      drawn,
      verified: verifiedCount,
      waiting: drawn - verifiedCount,
      automaticSuccesses: units.filter((u) => u.automatic === true).length,
      automaticNone: units.filter((u) => u.automatic === null).length,
    },
  };
}
