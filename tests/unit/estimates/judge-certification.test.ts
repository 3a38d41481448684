// The certification bar and the Rogan-Gladen correction, on counts worked by hand.
import { describe, expect, it } from "vitest";
import { certify, CertificationBarSchema, roganGladen } from "@/lib/domain/estimates/judge-certification";
import { wilsonInterval } from "@/lib/domain/wilson";

const bar = CertificationBarSchema.parse({});

describe("judge certification", () => {
  it("defaults to both 95% lower bounds at 0.80 over at least 150 labels", () => {
    expect(bar).toEqual({ minLowerBound: 0.8, minPairs: 150 });
  });

  it("certifies only when both TPR and TNR lower bounds reach the bar with enough pairs", () => {
    // 100 successes, 95 called success; 100 failures, 92 called failure.
    const good = certify({ truePositive: 95, falseNegative: 5, trueNegative: 92, falsePositive: 8 }, bar);
    expect(good.tpr!.low).toBeCloseTo(wilsonInterval(95, 100).low, 12);
    expect(good.tnr!.low).toBeCloseTo(wilsonInterval(92, 100).low, 12);
    expect(good.tnr!.low).toBeGreaterThan(0.8);
    expect(good).toMatchObject({ pairs: 200, certified: true, labelsNeeded: 0 });

    // A judge that calls everything a success: perfect TPR, TNR 0 -- never certified.
    const yes = certify({ truePositive: 100, falseNegative: 0, trueNegative: 0, falsePositive: 100 }, bar);
    expect(yes).toMatchObject({ certified: false, labelsNeeded: null });
    expect(yes.tpr!.low).toBeGreaterThan(0.96);
  });

  it("counts the labels still needed at the observed rates, and none when a rate is at or under the bar", () => {
    // 20 + 20 pairs at 95% / 90%: at 150 pairs (75 + 75) the TNR bound is 0.8115 by hand
    // (centre 0.8805, half-width 0.0690), so the count is what is missing: 110 more.
    expect(certify({ truePositive: 19, falseNegative: 1, trueNegative: 18, falsePositive: 2 }, bar)).toMatchObject({ certified: false, labelsNeeded: 110 });
    // 40 + 40 at 85% / 95%: the TPR bound decides. With m more (half of them successes, as
    // observed), the bound at 40 + m/2 successes' worth reaches 0.80, and at m - 1 it does not.
    const m = certify({ truePositive: 34, falseNegative: 6, trueNegative: 38, falsePositive: 2 }, bar).labelsNeeded!;
    const z = 1.959963984540054;
    const lowerAt = (p: number, n: number) => ((p + (z * z) / (2 * n)) - z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
    expect(lowerAt(0.85, 40 + m / 2)).toBeGreaterThanOrEqual(0.8);
    expect(lowerAt(0.85, 40 + (m - 1) / 2)).toBeLessThan(0.8);
    expect(m).toBeGreaterThan(300);
    expect(certify({ truePositive: 16, falseNegative: 4, trueNegative: 18, falsePositive: 2 }, bar).labelsNeeded).toBeNull(); // TPR 0.80
    expect(certify({ truePositive: 10, falseNegative: 0, trueNegative: 0, falsePositive: 0 }, bar).labelsNeeded).toBeNull(); // no failures seen
  });

  it("follows the project's own bar", () => {
    const strict = CertificationBarSchema.parse({ minLowerBound: 0.9, minPairs: 50 });
    expect(certify({ truePositive: 95, falseNegative: 5, trueNegative: 92, falsePositive: 8 }, strict).certified).toBe(false);
    expect(certify({ truePositive: 40, falseNegative: 0, trueNegative: 40, falsePositive: 0 }, strict).certified).toBe(true);
  });
});

describe("Rogan-Gladen", () => {
  it("corrects an observed rate by the judge's TPR and TNR", () => {
    // True prevalence 0.4, TPR 0.9, TNR 0.8: observed = 0.4*0.9 + 0.6*0.2 = 0.48.
    expect(roganGladen(0.48, 0.9, 0.8)!.rate).toBeCloseTo(0.4, 12);
    expect(roganGladen(0.48, 0.9, 0.8)!.clipped).toBe(false);
  });

  it("clips to [0, 1] and says so, and has no answer for a judge no better than chance", () => {
    expect(roganGladen(0.05, 0.9, 0.8)).toEqual({ rate: 0, clipped: true });
    expect(roganGladen(0.99, 0.9, 0.95)).toEqual({ rate: 1, clipped: true });
    expect(roganGladen(0.5, 0.5, 0.5)).toBeNull();
  });
});
