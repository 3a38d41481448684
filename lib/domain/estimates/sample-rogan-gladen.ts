// The Rogan–Gladen corrected rate of a verification sample, shown beside the prediction-powered
// one: the predictor's success share over the sample's whole population (observed), corrected
// for the predictor's errors as the sample's verified episodes measure them, with
// judge-certification.ts roganGladen: (observed + TNR - 1) / (TPR + TNR - 1), clipped to [0, 1].
// TPR and TNR come from the drawn, verified episodes (pairs of predictor value and human
// outcome), each standing for N_h / n_h episodes of its stratum (n_h: the stratum's verified).
// A stratified sample draws its strata at different rates (the automatic outcome's successes
// apart from its failures, say), and counting its pairs as they come would measure the rates
// of the sample, not of the run; in a uniform sample every weight is the same and the rates
// are the plain shares. So no Wilson interval here: a weighted share is not a binomial count.
// Undefined, with the reason, until every stratum has a verified episode (its episodes would
// be missing from the rates), without a verified success (no TPR) or failure (no TNR), and
// when TPR + TNR <= 1 (the predictor does no better than chance).
// Pure.
import { roganGladen } from "@/lib/domain/estimates/judge-certification";
import { predictorValue } from "@/lib/domain/estimates/predictor";
import type { SampleUnit } from "@/lib/domain/estimates/sample-unit";

export type SampleRoganGladen = {
  /** The predictor's success share over the sample's population. */
  observed: number;
  /** Drawn, verified episodes, and of them the verified successes and failures. */
  pairs: number;
  positives: number;
  negatives: number;
  /** Weighted by stratum as above; null without a verified success (TPR) or failure (TNR). */
  tpr: number | null;
  tnr: number | null;
  /** More than one stratum counted, each at its own weight. */
  weighted: boolean;
} & (
  | { ok: true; rate: number; clipped: boolean }
  | { ok: false; reason: "no_pairs" | "no_positives" | "no_negatives" | "no_better_than_chance" }
  | { ok: false; reason: "unverified_strata"; strata: string[] }
);

type Stratum = { population: number; verified: { f: 0 | 1; human: boolean }[] };

export function sampleRoganGladen(units: readonly SampleUnit[]): SampleRoganGladen {
  const strata = new Map<string, Stratum>();
  let predictedSuccesses = 0;
  for (const u of units) {
    const s = strata.get(u.stratumKey) ?? { population: 0, verified: [] };
    s.population += 1;
    if (u.drawn && u.human !== null) s.verified.push({ f: predictorValue(u.automatic), human: u.human });
    strata.set(u.stratumKey, s);
    predictedSuccesses += predictorValue(u.automatic);
  }
  // Weighted confusion cells: each verified pair stands for N_h / n_h episodes.
  let [tp, fn, tn, fp, counted] = [0, 0, 0, 0, 0];
  for (const s of strata.values()) {
    if (s.verified.length === 0) continue;
    counted += 1;
    const weight = s.population / s.verified.length;
    for (const p of s.verified) {
      if (p.human && p.f) tp += weight;
      else if (p.human) fn += weight;
      else if (p.f) fp += weight;
      else tn += weight;
    }
  }
  const pairs = [...strata.values()].flatMap((s) => s.verified);
  const positives = pairs.filter((p) => p.human).length;
  const base = {
    observed: units.length ? predictedSuccesses / units.length : 0,
    pairs: pairs.length,
    positives,
    negatives: pairs.length - positives,
    tpr: positives ? tp / (tp + fn) : null,
    tnr: pairs.length - positives ? tn / (tn + fp) : null,
    weighted: counted > 1,
  };
  if (pairs.length === 0) return { ...base, ok: false, reason: "no_pairs" };
  const unverified = [...strata.entries()].filter(([, s]) => s.verified.length === 0).map(([key]) => key);
  if (unverified.length) return { ...base, ok: false, reason: "unverified_strata", strata: unverified };
  if (base.tpr === null) return { ...base, ok: false, reason: "no_positives" };
  if (base.tnr === null) return { ...base, ok: false, reason: "no_negatives" };
  const corrected = roganGladen(base.observed, base.tpr, base.tnr);
  return corrected ? { ...base, ok: true, ...corrected } : { ...base, ok: false, reason: "no_better_than_chance" };
}
