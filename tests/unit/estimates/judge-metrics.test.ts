import { describe, expect, it } from "vitest";
import { cohensKappaInterval } from "@/lib/domain/estimates/kappa-interval";
import { f1WithInterval, judgeMetrics } from "@/lib/domain/estimates/judge-metrics";
import { wilsonInterval } from "@/lib/domain/wilson";

describe("cohensKappaInterval (Fleiss, Cohen & Everitt 1969)", () => {
  it("reproduces the published worked example: vcd's Kappa(SexualFun)", () => {
    // Husbands' (rows) and wives' (columns) ratings, Hout, Duncan & Sobel (1987), in Agresti
    // (1990) and the vcd R package; vcd's documented output (Friendly & Meyer, "Discrete Data
    // Analysis with R", 2016): Unweighted 0.1293, ASE 0.06860, 95% CI -0.00512 to 0.2638.
    const sexualFun = [
      [7, 7, 2, 3],
      [2, 8, 3, 7],
      [1, 5, 4, 9],
      [2, 8, 9, 14],
    ];
    const k = cohensKappaInterval(sexualFun)!;
    expect(k.kappa).toBeCloseTo(0.1293, 4);
    expect(k.standardError!).toBeCloseTo(0.0686, 4);
    expect(k.low!).toBeCloseTo(-0.00512, 4);
    expect(k.high!).toBeCloseTo(0.2638, 4);
  });

  it("by hand on a 2 x 2 table", () => {
    // 40 5 / 10 45, n = 100: p = .40 .05 / .10 .45; rows .45 .55, cols .50 .50
    // po = .85, pe = .225 + .275 = .5, kappa = .7
    // A = .40 [1 - .95 * .3]^2 + .45 [1 - 1.05 * .3]^2 = .40 * .511225 + .45 * .469225 = .204490 + .211151 = .415641
    // B = .09 [.05 (.50 + .55)^2 + .10 (.50 + .45)^2] = .09 [.055125 + .090250] = .013084
    // C = (.7 - .5 * .3)^2 = .3025
    // se = sqrt(.415641 + .013084 - .3025) / (.5 * 10) = sqrt(.126225) / 5 = .071056
    const k = cohensKappaInterval([[40, 5], [10, 45]])!;
    expect(k.kappa).toBeCloseTo(0.7, 12);
    expect(k.standardError!).toBeCloseTo(0.071056, 5);
    expect(k.low!).toBeCloseTo(0.7 - 1.959964 * 0.071056, 4);
  });

  it("has no interval when everyone used one category, and no kappa below two pairs", () => {
    expect(cohensKappaInterval([[5, 0], [0, 0]])).toEqual({ kappa: 1, standardError: null, low: null, high: null });
    expect(cohensKappaInterval([[1, 0], [0, 0]])).toBeNull();
  });
});

describe("judgeMetrics", () => {
  // TP 30, FP 10, FN 5, TN 55 (n = 100).
  const m = judgeMetrics({ truePositive: 30, falsePositive: 10, falseNegative: 5, trueNegative: 55 });

  it("precision and recall with Wilson intervals", () => {
    const precision = wilsonInterval(30, 40);
    expect(m.precision).toEqual({ value: 0.75, low: precision.low, high: precision.high });
    expect(m.recall!.value).toBeCloseTo(30 / 35, 12);
    expect(m.recall!.low).toBeCloseTo(wilsonInterval(30, 35).low, 12);
  });

  it("F1 through the Jaccard share: F1 = 2J / (1 + J), J = 30/45", () => {
    // F1 = 60 / 75 = 0.8; Wilson(30, 45) = (0.520650, 0.786541) -> (0.684825, 0.880634)
    expect(m.f1!.value).toBeCloseTo(0.8, 12);
    const j = wilsonInterval(30, 45);
    expect(m.f1!.low).toBeCloseTo((2 * j.low) / (1 + j.low), 12);
    expect(m.f1!.high).toBeCloseTo((2 * j.high) / (1 + j.high), 12);
    expect(m.f1!.low).toBeCloseTo(0.684825, 5);
    expect(f1WithInterval(0, 0, 0)).toBeNull();
    expect(f1WithInterval(0, 3, 2)!.value).toBe(0);
  });

  it("kappa and what trusting the judge does to the success rate", () => {
    // po = .85, pe = .40 * .35 + .60 * .65 = .53, kappa = .32 / .47 = .680851
    expect(m.kappa!.kappa).toBeCloseTo(0.680851, 6);
    // The judge says 40% succeed, the humans 35%: trusting it adds 5 points.
    expect(m.rateShift!.first).toBeCloseTo(0.4, 12);
    expect(m.rateShift!.second).toBeCloseTo(0.35, 12);
    expect(m.rateShift!.difference).toBeCloseTo(0.05, 12);
    expect(m.rateShift!.low).toBeLessThan(0.05);
    expect(m.pairs).toBe(100);
  });

  it("says nothing it cannot know: no precision without a judge success", () => {
    const none = judgeMetrics({ truePositive: 0, falsePositive: 0, falseNegative: 3, trueNegative: 7 });
    expect(none.precision).toBeNull();
    expect(none.recall).toEqual({ value: 0, low: 0, high: expect.closeTo(wilsonInterval(0, 3).high, 12) });
  });
});
