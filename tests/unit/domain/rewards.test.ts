import { describe, expect, it } from "vitest";
import { RewardSettingsSchema, groupAdvantages, trajectoryReward } from "@/lib/domain/rewards";

describe("RewardSettingsSchema", () => {
  it("has the report's defaults", () => {
    expect(RewardSettingsSchema.parse({})).toEqual({ eta: 0.98, invalidActionPenalty: -0.1, advantagePolicy: "verified_only" });
  });

  it("rejects eta outside (0, 1] and a positive penalty", () => {
    expect(RewardSettingsSchema.safeParse({ eta: 0 }).success).toBe(false);
    expect(RewardSettingsSchema.safeParse({ eta: 1.01 }).success).toBe(false);
    expect(RewardSettingsSchema.safeParse({ invalidActionPenalty: 0.1 }).success).toBe(false);
  });
});

describe("trajectoryReward", () => {
  it("decays a success by eta^(T-1) and adds the penalty", () => {
    // 0.98^4 = 0.9604^2 = 0.92236816; + 2 * -0.1 = 0.72236816
    expect(trajectoryReward({ steps: 5, success: true, invalidActions: 2 })).toBeCloseTo(0.72236816, 12);
    // one step: 0.98^0 = 1
    expect(trajectoryReward({ steps: 1, success: true, invalidActions: 0 })).toBe(1);
  });

  it("gives a failure only its penalty", () => {
    // 0 + 1 * -0.1
    expect(trajectoryReward({ steps: 3, success: false, invalidActions: 1 })).toBeCloseTo(-0.1, 12);
    expect(trajectoryReward({ steps: 3, success: false, invalidActions: 0 })).toBe(0);
  });

  it("uses the given settings", () => {
    // 0.5^2 * 1 + 3 * -0.25 = 0.25 - 0.75 = -0.5
    const settings = RewardSettingsSchema.parse({ eta: 0.5, invalidActionPenalty: -0.25 });
    expect(trajectoryReward({ steps: 3, success: true, invalidActions: 3 }, settings)).toBeCloseTo(-0.5, 12);
  });

  it("throws on impossible counts", () => {
    expect(() => trajectoryReward({ steps: 0, success: true, invalidActions: 0 })).toThrow(RangeError);
    expect(() => trajectoryReward({ steps: 2.5, success: true, invalidActions: 0 })).toThrow(/steps/);
    expect(() => trajectoryReward({ steps: 2, success: true, invalidActions: -1 })).toThrow(/invalidActions/);
  });
});

describe("groupAdvantages", () => {
  it("normalizes by the unbiased (n - 1) std", () => {
    // [1, 0, 0, 1]: mean 0.5, squared deviations sum to 4 * 0.25 = 1, 1/3 -> std 0.5773503
    // 0.5 / (0.5773503 + 1e-6) = 0.8660239 (population std 0.5 would give 1.0)
    const adv = groupAdvantages([1, 0, 0, 1]);
    expect(adv[0]).toBeCloseTo(0.8660239, 6);
    expect(adv[1]).toBeCloseTo(-0.8660239, 6);
    expect(adv[3]).toBeCloseTo(0.8660239, 6);
  });

  it("handles an unbalanced group", () => {
    // [1, 0, 0, 0]: mean 0.25, squares 0.5625 + 3 * 0.0625 = 0.75, / 3 = 0.25 -> std 0.5
    // 0.75 / 0.500001 = 1.499997, -0.25 / 0.500001 = -0.499999
    const adv = groupAdvantages([1, 0, 0, 0]);
    expect(adv[0]).toBeCloseTo(1.499997, 6);
    expect(adv[2]).toBeCloseTo(-0.499999, 6);
  });

  it("is 0 for a group of equal rewards; a group of one is its reward over 1 + 1e-6, as verl computes it", () => {
    expect(groupAdvantages([0.3, 0.3, 0.3])).toEqual([0, 0, 0]);
    // verl core_algos.py:314-316: mean 0, std 1 -> (0.7 - 0) / (1 + 1e-6).
    expect(groupAdvantages([0.7])).toEqual([0.7 / 1.000001]);
    expect(groupAdvantages([0])).toEqual([0]);
  });

  it("throws on an empty group and on non-finite rewards", () => {
    expect(() => groupAdvantages([])).toThrow(RangeError);
    expect(() => groupAdvantages([1, NaN])).toThrow(/index 1/);
  });
});
