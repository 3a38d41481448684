import { describe, expect, it } from "vitest";
import { allocateSample, planAdditional, planningVariance, type PlanStratum } from "@/lib/domain/estimates/sample-plan";
import { t95 } from "@/lib/domain/estimates/student-t";

const stratum = (key: string, populationSize: number, drawn: number, verified: number, disagreements: number, differenceVariance: number | null): PlanStratum => ({ key, populationSize, drawn, verified, disagreements, differenceVariance });

describe("planningVariance", () => {
  it("is the sampled variance, but never below that of one more disagreement than seen", () => {
    // 8 of 40 disagreed, s^2 = 0.16: floor p = 9/42, p(1-p) = 0.168367
    expect(planningVariance({ verified: 40, disagreements: 8, differenceVariance: 0.16 })).toBeCloseTo((9 / 42) * (33 / 42), 12);
    expect(planningVariance({ verified: 40, disagreements: 8, differenceVariance: 0.3 })).toBe(0.3);
    // Nothing verified yet: 1/4, the largest a 0/1 variance can be.
    expect(planningVariance({ verified: 0, disagreements: 0, differenceVariance: null })).toBe(0.25);
  });
});

describe("planAdditional", () => {
  it("one stratum matches the closed form", () => {
    // N = 300, 40 drawn, v = 0.168367, with the t quantile on n - 1 degrees of freedom:
    // t(n - 1) sqrt((1/n - 1/300) v) <= 0.03. At n = 213, t(212) = 1.971217 gives 0.029845; at
    // n = 212, t(211) = 1.971271 gives 0.030088, so 173 more.
    const plan = planAdditional([stratum("all", 300, 40, 40, 8, 0.16)], 0.03);
    expect(plan.additional).toBe(173);
    expect(plan.allocation).toEqual({ all: 173 });
    expect(plan.projectedHalfWidth).toBeLessThanOrEqual(0.03);
    // One fewer would not do.
    const v = (9 / 42) * (33 / 42);
    expect(t95(211) * Math.sqrt((1 / 212 - 1 / 300) * v)).toBeGreaterThan(0.03);
    expect(plan.currentHalfWidth).toBeCloseTo(t95(39) * Math.sqrt((1 / 40 - 1 / 300) * v), 5);
    // With the normal quantile fixed, the closed form of the normal interval: n >= 211.65 -> 172 more.
    expect(planAdditional([stratum("all", 300, 40, 40, 8, 0.16)], 0.03, 1.959964).additional).toBe(172);
  });

  it("needs nothing more when the drawn sample already reaches the target", () => {
    const plan = planAdditional([stratum("all", 300, 213, 40, 8, 0.16)], 0.03);
    expect(plan).toMatchObject({ additional: 0, allocation: {} });
  });

  it("goes up to the whole run for a target only a census meets", () => {
    const plan = planAdditional([stratum("all", 50, 10, 10, 5, 0.25)], 0.0001);
    expect(plan.additional).toBe(40);
    expect(plan.projectedHalfWidth).toBe(0);
  });

  it("adds where the variance is: the stratum with disagreements gets more than the one without", () => {
    const plan = planAdditional([stratum("auto:success", 200, 20, 20, 6, 0.22), stratum("auto:failure", 100, 20, 20, 0, 0)], 0.04);
    expect(plan.allocation["auto:success"]!).toBeGreaterThan(plan.allocation["auto:failure"] ?? 0);
    expect(plan.projectedHalfWidth).toBeLessThanOrEqual(0.04);
  });

  it("first gives an empty stratum the two episodes its variance needs", () => {
    const plan = planAdditional([stratum("auto:success", 200, 40, 40, 0, 0), stratum("auto:none", 5, 0, 0, 0, null)], 0.5);
    expect(plan.currentHalfWidth).toBeNull();
    expect(plan.allocation).toEqual({ "auto:none": 2 });
  });

  it("refuses a target that is not a positive half-width", () => {
    expect(() => planAdditional([stratum("all", 10, 2, 2, 0, 0)], 0)).toThrow(RangeError);
  });
});

describe("allocateSample", () => {
  it("two per stratum, the rest in proportion", () => {
    // 40 over 200 / 90 / 10: 2 each, then 34 over rooms 198 / 88 / 8 (294): 22.9 / 10.2 / 0.9 -> 23 / 10 / 1
    expect(allocateSample([{ key: "a", populationSize: 200 }, { key: "b", populationSize: 90 }, { key: "c", populationSize: 10 }], 40)).toEqual({ a: 25, b: 12, c: 3 });
  });

  it("never more than a stratum holds, and the total is what was asked", () => {
    const sizes = [{ key: "a", populationSize: 3 }, { key: "b", populationSize: 1 }, { key: "c", populationSize: 100 }];
    const a = allocateSample(sizes, 50);
    expect(a.a).toBeLessThanOrEqual(3);
    expect(a.b).toBe(1);
    expect(a.a! + a.b! + a.c!).toBe(50);
    expect(allocateSample(sizes, 104)).toEqual({ a: 3, b: 1, c: 100 });
  });

  it("refuses a sample too small for its strata or larger than the run", () => {
    expect(() => allocateSample([{ key: "a", populationSize: 10 }, { key: "b", populationSize: 10 }], 3)).toThrow(/at least 4/);
    expect(() => allocateSample([{ key: "a", populationSize: 10 }], 11)).toThrow(/larger/);
  });
});
