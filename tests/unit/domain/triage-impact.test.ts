// Triage impact and ranking against numbers worked out by hand (see the comments).
import { describe, expect, it } from "vitest";
import { RewardSettingsSchema } from "@/lib/domain/rewards";
import { flipEffect, rankCandidates, sampleImpact, stepFlipImpact, stepReasons, thresholdNearness, tierGap, trajectoryReasons } from "@/lib/domain/triage-impact";

const flat = RewardSettingsSchema.parse({ eta: 1, invalidActionPenalty: -0.1 });
const defaults = RewardSettingsSchema.parse({});
const ok = (steps = 3, invalidActions = 0) => ({ steps, success: true, invalidActions });
const ko = (steps = 3, invalidActions = 0) => ({ steps, success: false, invalidActions });
const tiers = { goldMin: 7, rewriteMin: 4 };

describe("flipEffect", () => {
  it("(S, S, F, F) -> flip the first: impact 1 + sqrt 3", () => {
    // before: mean .5, sample std sqrt(4 * .25 / 3) = .57735 -> A = +-.866025
    // after (F, S, F, F): mean .25, std sqrt((.75^2 + 3 * .25^2) / 3) = .5 -> A = (-.5, 1.5, -.5, -.5)
    // |dA| = 1.366025 + .633975 + .366025 + .366025 = 2.732051
    const effect = flipEffect([ok(), ok(), ko(), ko()], 0, flat);
    expect(effect.advantagesBefore[0]).toBeCloseTo(0.866025, 5);
    expect(effect.advantagesAfter).toEqual([expect.closeTo(-0.5, 5), expect.closeTo(1.5, 5), expect.closeTo(-0.5, 5), expect.closeTo(-0.5, 5)]);
    expect(effect.impact).toBeCloseTo(1 + Math.sqrt(3), 5);
  });

  it("(F, F, F, F) -> one success: every advantage moves from 0, impact 3", () => {
    // before all 0 (no spread); after (1.5, -.5, -.5, -.5): 1.5 + 3 * .5 = 3
    const effect = flipEffect([ko(), ko(), ko(), ko()], 2, flat);
    expect(effect.advantagesBefore).toEqual([0, 0, 0, 0]);
    // (the 1e-6 in the denominator shifts the sixth digit)
    expect(effect.impact).toBeCloseTo(3, 4);
  });

  it("a pair (S, F) flipped to (F, F): both advantages +-.7071 -> 0, impact sqrt 2", () => {
    // rewards (1, 0): mean .5, std sqrt(.5) = .707107 -> A = (.707107, -.707107)
    expect(flipEffect([ok(), ko()], 0, flat).impact).toBeCloseTo(Math.SQRT2, 5);
  });

  it("uses the reward settings: length decay and penalties", () => {
    // eta .98: a 3-step success 0.9604, the 1-invalid failure -0.1; penalties do not flip.
    const effect = flipEffect([ok(3), ko(5, 1)], 1, defaults);
    expect(effect.rewardsBefore).toEqual([expect.closeTo(0.9604, 10), expect.closeTo(-0.1, 10)]);
    expect(effect.rewardsAfter[1]).toBeCloseTo(0.98 ** 4 - 0.1, 10);
  });

  it("without a group: |delta reward| = eta^(T-1)", () => {
    // 0.98^2 = 0.9604
    const effect = flipEffect([ko(3)], 0, defaults);
    expect(effect.impact).toBeCloseTo(0.9604, 10);
    expect(effect.advantagesBefore).toEqual([0]);
  });

  it("refuses an index outside the group", () => {
    expect(() => flipEffect([ok()], 1, flat)).toThrow(RangeError);
  });
});

describe("sample impact", () => {
  it("nearness is 1 on a threshold, falls to 0 at the margin, and needs a crossing that changes the tier", () => {
    expect(thresholdNearness(7, tiers, 0.5)).toEqual({ threshold: 7, nearness: 1 });
    // 6.8: |6.8 - 7| = .2 -> 1 - .2 / .5 = .6
    expect(thresholdNearness(6.8, tiers, 0.5)?.nearness).toBeCloseTo(0.6, 12);
    expect(thresholdNearness(4.25, tiers, 0.5)).toEqual({ threshold: 4, nearness: 0.5 });
    expect(thresholdNearness(7.5, tiers, 0.5)).toBeNull();
    expect(thresholdNearness(5.5, tiers, 0.5)).toBeNull();
    expect(thresholdNearness(7, tiers, 0)).toBeNull();
    // a threshold at 0 cannot be crossed downwards
    expect(thresholdNearness(0.2, { goldMin: 7, rewriteMin: 0 }, 0.5)).toBeNull();
  });

  it("adds the tier gap between human and judge to the nearness", () => {
    expect(tierGap("gold", "discard")).toBe(2);
    // judge 6.8 (rewrite), human 9 (gold): gap 1 + nearness .6
    const s = sampleImpact(6.8, 9, tiers, 0.5);
    expect(s.reasons).toEqual(["judge_vs_human", "near_threshold"]);
    expect(s.impact).toBeCloseTo(1.6, 12);
    // judge 9 (gold), human 2 (discard): gap 2, not near
    expect(sampleImpact(9, 2, tiers, 0.5)).toEqual({ reasons: ["judge_vs_human"], impact: 2, judgeTier: "gold", humanTier: "discard", threshold: null });
    expect(sampleImpact(9, 8, tiers, 0.5).reasons).toEqual([]);
  });
});

describe("trajectory reasons", () => {
  it("names rule vs judge and judge vs human; nothing without a judge", () => {
    expect(trajectoryReasons({ rule: false, judge: true, human: null })).toEqual(["rule_vs_judge"]);
    expect(trajectoryReasons({ rule: false, judge: true, human: "failure" })).toEqual(["rule_vs_judge", "judge_vs_human"]);
    expect(trajectoryReasons({ rule: null, judge: true, human: "unsure" })).toEqual([]);
    expect(trajectoryReasons({ rule: true, judge: null, human: "failure" })).toEqual([]);
  });
});

describe("rankCandidates", () => {
  it("orders by impact, then by number of reasons, then by id", () => {
    // group flip 2.732 > sample gap 2 > lone rollout .9604 (two reasons) > lone .9604 (one) > near .6
    const ranked = rankCandidates([
      { id: "near", impact: 0.6, reasons: ["near_threshold"] as const },
      { id: "lone-b", impact: 0.9604, reasons: ["judge_vs_human"] as const },
      { id: "group", impact: 1 + Math.sqrt(3), reasons: ["judge_vs_human"] as const },
      { id: "lone-a", impact: 0.9604, reasons: ["judge_vs_human"] as const },
      { id: "lone-2", impact: 0.9604, reasons: ["rule_vs_judge", "judge_vs_human"] as const },
      { id: "tiers", impact: 2, reasons: ["judge_vs_human"] as const },
    ]);
    expect(ranked.map((c) => c.id)).toEqual(["group", "tiers", "lone-2", "lone-a", "lone-b", "near"]);
  });
});

describe("step verdicts", () => {
  it("are in doubt only against a human label that answers yes or no", () => {
    expect(stepReasons({ judge: true, human: false })).toEqual(["judge_vs_human"]);
    expect(stepReasons({ judge: false, human: true })).toEqual(["judge_vs_human"]);
    expect(stepReasons({ judge: true, human: true })).toEqual([]);
    expect(stepReasons({ judge: false, human: null })).toEqual([]);
  });

  it("weigh 1 / T, never more than a lone trajectory's flip at eta 1", () => {
    expect(stepFlipImpact(8)).toBe(0.125);
    expect(stepFlipImpact(1)).toBe(1);
    expect(stepFlipImpact(0)).toBe(1);
    expect(stepFlipImpact(3)).toBeLessThanOrEqual(flipEffect([ok(3)], 0, flat).impact);
  });
});
