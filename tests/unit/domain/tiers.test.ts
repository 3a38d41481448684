import { describe, expect, it } from "vitest";
import { TierSettingsSchema, effectiveValue, qualityTier } from "@/lib/domain/tiers";

describe("TierSettingsSchema", () => {
  it("defaults to gold >= 7, rewrite >= 4", () => {
    expect(TierSettingsSchema.parse({})).toEqual({ goldMin: 7, rewriteMin: 4 });
  });

  it("rejects rewriteMin above goldMin and values outside 0..10", () => {
    expect(TierSettingsSchema.safeParse({ goldMin: 5, rewriteMin: 6 }).success).toBe(false);
    expect(TierSettingsSchema.safeParse({ goldMin: 11 }).success).toBe(false);
  });
});

describe("qualityTier", () => {
  it("routes by the default thresholds, inclusive at each", () => {
    expect(qualityTier(10)).toBe("gold");
    expect(qualityTier(7)).toBe("gold");
    expect(qualityTier(6.99)).toBe("rewrite");
    expect(qualityTier(4)).toBe("rewrite");
    expect(qualityTier(3.99)).toBe("discard");
    expect(qualityTier(0)).toBe("discard");
  });

  it("uses project thresholds", () => {
    const settings = TierSettingsSchema.parse({ goldMin: 8, rewriteMin: 5 });
    expect(qualityTier(7, settings)).toBe("rewrite");
    expect(qualityTier(4.5, settings)).toBe("discard");
  });

  it("throws on scores outside 0..10", () => {
    expect(() => qualityTier(11)).toThrow(RangeError);
    expect(() => qualityTier(-0.5)).toThrow(RangeError);
    expect(() => qualityTier(NaN)).toThrow(RangeError);
  });
});

describe("effectiveValue", () => {
  const t = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute));

  it("is the verdict when there is no override", () => {
    expect(effectiveValue(6, [])).toBe(6);
  });

  it("is the latest accepted override, whatever the array order", () => {
    expect(effectiveValue(6, [{ value: 8, createdAt: t(2) }, { value: 3, createdAt: t(1), status: "accepted" }])).toBe(8);
    expect(effectiveValue(6, [{ value: 3, createdAt: t(1) }, { value: 8, createdAt: t(2) }])).toBe(8);
  });

  it("skips rejected overrides", () => {
    expect(effectiveValue(6, [{ value: 3, createdAt: t(1) }, { value: 9, createdAt: t(2), status: "rejected" }])).toBe(3);
    expect(effectiveValue(true, [{ value: false, createdAt: t(1), status: "rejected" }])).toBe(true);
  });

  it("breaks timestamp ties by array order", () => {
    expect(effectiveValue(6, [{ value: 1, createdAt: t(1) }, { value: 2, createdAt: t(1) }])).toBe(2);
  });

  it("throws on an invalid date", () => {
    expect(() => effectiveValue(6, [{ value: 1, createdAt: new Date("nope") }])).toThrow(RangeError);
  });
});
