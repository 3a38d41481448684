// The Rogan–Gladen rate of a verification sample, on units worked by hand: plain shares in a
// uniform sample, strata weighted by N_h / n_h in a stratified one (where it then agrees with
// the stratified count), clipped, and each reason it is undefined.
import { describe, expect, it } from "vitest";
import { sampleRoganGladen } from "@/lib/domain/estimates/sample-rogan-gladen";
import { sampleEstimate } from "@/lib/domain/estimates/sample-estimate";
import type { SampleUnit } from "@/lib/domain/estimates/sample-unit";

const pair = (stratumKey: string, f: boolean | null, human: boolean): SampleUnit => ({ stratumKey, drawn: true, automatic: f, human });
const unverified = (stratumKey: string, f: boolean | null, drawn = false): SampleUnit => ({ stratumKey, drawn, automatic: f, human: null });
const times = <T>(n: number, make: () => T) => Array.from({ length: n }, make);

describe("the Rogan–Gladen rate of a sample", () => {
  it("in a uniform sample: the predictor's share over the population, corrected by the plain TPR and TNR of the verified pairs", () => {
    // 8 pairs: TP 3, FP 1, FN 1, TN 3 -> TPR 0.75, TNR 0.75; 2 more episodes called a success,
    // undrawn: observed 6/10. (0.6 + 0.75 - 1) / (0.75 + 0.75 - 1) = 0.7.
    const units = [
      pair("all", true, true), pair("all", true, true), pair("all", true, true), pair("all", true, false),
      pair("all", false, true), pair("all", false, false), pair("all", false, false), pair("all", false, false),
      unverified("all", true), unverified("all", true),
    ];
    const rg = sampleRoganGladen(units);
    expect(rg).toMatchObject({ ok: true, observed: 0.6, pairs: 8, positives: 4, negatives: 4, tpr: 0.75, tnr: 0.75, weighted: false, clipped: false });
    expect(rg.ok && rg.rate).toBeCloseTo(0.7, 12);
    // The estimate the page reads carries the same.
    expect(sampleEstimate(units, ["all"]).roganGladen).toEqual(rg);
  });

  it("drawn but unverified episodes, and verified ones the sample did not draw, are not pairs; no outcome counts as f = 0", () => {
    const units = [
      pair("all", true, true), pair("all", null, false), pair("all", false, false),
      unverified("all", true, true), // drawn, waiting
      { stratumKey: "all", drawn: false, automatic: true, human: false }, // verified outside the sample
    ];
    const rg = sampleRoganGladen(units);
    // TPR 1/1, TNR 2/2 (the episode without an outcome is predicted a failure); observed 3/5.
    expect(rg).toMatchObject({ ok: true, pairs: 3, positives: 1, negatives: 2, tpr: 1, tnr: 1, observed: 0.6, rate: expect.closeTo(0.6, 12) });
  });

  it("in a stratified sample each pair stands for N_h / n_h episodes, and the rate is then the strata's verified count scaled up", () => {
    // Stratum "s" (predictor success): 20 episodes, 4 verified (3 success, 1 failure): weight 5.
    // Stratum "f" (predictor failure): 30 episodes, 3 verified (1 success, 2 failures): weight 10.
    // TP 15, FP 5, FN 10, TN 20 -> TPR 15/25 = 0.6, TNR 20/25 = 0.8 (unweighted: 0.75, 0.67).
    // Observed 20/50 = 0.4 -> (0.4 + 0.8 - 1) / (0.6 + 0.8 - 1) = 0.5 = (3/4 * 20 + 1/3 * 30) / 50.
    const units = [
      pair("s", true, true), pair("s", true, true), pair("s", true, true), pair("s", true, false), ...times(16, () => unverified("s", true)),
      pair("f", false, true), pair("f", false, false), pair("f", false, false), ...times(27, () => unverified("f", false)),
    ];
    const rg = sampleRoganGladen(units);
    expect(rg).toMatchObject({ ok: true, pairs: 7, positives: 4, negatives: 3, observed: 0.4, weighted: true, clipped: false });
    expect(rg.tpr).toBeCloseTo(0.6, 12);
    expect(rg.tnr).toBeCloseTo(0.8, 12);
    expect(rg.ok && rg.rate).toBeCloseTo(0.5, 12);
  });

  it("clips a rate the formula puts outside 0-100%, and says so", () => {
    // TPR 1/1, TNR 3/4, observed 2/20 = 0.1: (0.1 + 0.75 - 1) / 0.75 = -0.2, clipped to 0.
    const units = [pair("all", true, true), pair("all", true, false), pair("all", false, false), pair("all", false, false), pair("all", false, false), ...times(15, () => unverified("all", false))];
    expect(sampleRoganGladen(units)).toMatchObject({ ok: true, observed: 0.1, tpr: 1, tnr: 0.75, rate: 0, clipped: true });
  });

  it("is undefined, with its reason, without pairs, with a stratum unverified, without a verified success or failure, and at TPR + TNR <= 1", () => {
    expect(sampleRoganGladen([unverified("all", true), unverified("all", false, true)])).toMatchObject({ ok: false, reason: "no_pairs", pairs: 0, tpr: null, tnr: null });
    expect(sampleRoganGladen([])).toMatchObject({ ok: false, reason: "no_pairs", observed: 0 });
    expect(sampleRoganGladen([pair("s", true, true), pair("s", true, false), unverified("f", false)])).toMatchObject({ ok: false, reason: "unverified_strata", strata: ["f"] });
    expect(sampleRoganGladen([pair("all", true, false), pair("all", false, false)])).toMatchObject({ ok: false, reason: "no_positives", tpr: null, tnr: 0.5, negatives: 2 });
    expect(sampleRoganGladen([pair("all", true, true), pair("all", false, true)])).toMatchObject({ ok: false, reason: "no_negatives", tpr: 0.5, tnr: null, positives: 2 });
    // TPR 1/2, TNR 1/2: no better than a coin.
    expect(sampleRoganGladen([pair("all", true, true), pair("all", false, true), pair("all", true, false), pair("all", false, false)])).toMatchObject({ ok: false, reason: "no_better_than_chance", tpr: 0.5, tnr: 0.5 });
  });
});
