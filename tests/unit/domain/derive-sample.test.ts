import { describe, expect, it } from "vitest";
import { deriveSample, type SampleInputs } from "@/lib/domain/derive-sample";
import { TierSettingsSchema } from "@/lib/domain/tiers";

const tiers = TierSettingsSchema.parse({});
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

const base: SampleInputs = {
  imported: { targetAbsent: false, box: [600, 200, 640, 240] },
  final: null,
  qualityVerdicts: [],
  predictions: [{ id: "p1", kind: "point", x: 654, y: 233 }],
  tiers,
};

describe("deriveSample", () => {
  it("judges predictions against the imported box while unverified, and the final box once verified", () => {
    const before = deriveSample(base);
    expect(before.predictions).toEqual([{ id: "p1", correctness: "wrong" }]);
    expect([before.predictionsCorrect, before.predictionsTotal]).toEqual([0, 1]);
    // The reviewer fixed the box to 628-672 x 210-254: the prediction at (654, 233) hits it.
    const after = deriveSample({ ...base, final: { decision: "accept", targetAbsent: false, box: [628, 210, 672, 254], instructionRewrite: null, qualityScore: null } });
    expect(after.target.box).toEqual([628, 210, 672, 254]);
    expect(after.predictions).toEqual([{ id: "p1", correctness: "correct" }]);
    expect(after.predictionsCorrect).toBe(1);
  });

  it("treats a refusal final answer as target absent: only [-1,-1] is right", () => {
    const refusal = deriveSample({
      ...base,
      final: { decision: "accept", targetAbsent: true, box: null, instructionRewrite: "Tap the purple button", qualityScore: null },
      predictions: [{ id: "p1", kind: "point", x: 654, y: 233 }, { id: "p2", kind: "refusal", x: null, y: null }, { id: "p3", kind: "wrong_format", x: null, y: null }],
    });
    expect(refusal.target).toEqual({ targetAbsent: true, box: null });
    expect(refusal.instructionRewrite).toBe("Tap the purple button");
    expect(refusal.predictions.map((p) => p.correctness)).toEqual(["wrong", "correct", "wrong_format"]);
  });

  it("ignores a rejected final answer's box: the target stays as imported", () => {
    const rejected = deriveSample({ ...base, final: { decision: "reject", targetAbsent: false, box: [0, 0, 1, 1], instructionRewrite: "x", qualityScore: 9 } });
    expect(rejected.target.box).toEqual([600, 200, 640, 240]);
    expect(rejected.instructionRewrite).toBeNull();
    expect(rejected.humanScore).toBe(9);
  });

  it("has no correctness for a positive sample without a box", () => {
    expect(deriveSample({ ...base, imported: { targetAbsent: false, box: null } }).predictions).toEqual([{ id: "p1", correctness: null }]);
  });

  it("scores from the latest quality verdict after overrides, else the final answer's score, with the tier", () => {
    const verdict = (id: string, value: number, s: number, overrides: { id: string; value: number; s: number; status?: string }[] = []) => ({
      id,
      value,
      createdAt: at(s),
      overrides: overrides.map((o) => ({ id: o.id, value: o.value, createdAt: at(o.s), status: o.status ?? "accepted" })),
    });
    const judged = deriveSample({ ...base, qualityVerdicts: [verdict("v1", 3, 1), verdict("v2", 7, 2)] });
    expect([judged.qualityScore, judged.qualitySource, judged.qualityVerdictId, judged.qualityOverrideId, judged.qualityTier]).toEqual([7, "judge", "v2", null, "gold"]);

    const overridden = deriveSample({ ...base, qualityVerdicts: [verdict("v2", 7, 2, [{ id: "o1", value: 2, s: 3 }])] });
    expect([overridden.qualityScore, overridden.qualitySource, overridden.qualityOverrideId, overridden.qualityTier]).toEqual([2, "override", "o1", "discard"]);

    // A rejected override does not count; the later accepted one decides.
    const twice = deriveSample({ ...base, qualityVerdicts: [verdict("v2", 7, 2, [{ id: "o1", value: 5, s: 3 }, { id: "o2", value: 9, s: 4, status: "rejected" }])] });
    expect([twice.qualityScore, twice.qualityOverrideId, twice.qualityTier]).toEqual([5, "o1", "rewrite"]);

    const reviewed = deriveSample({ ...base, final: { decision: "accept", targetAbsent: false, box: [1, 1, 2, 2], instructionRewrite: null, qualityScore: 6 } });
    expect([reviewed.qualityScore, reviewed.qualitySource, reviewed.humanScore, reviewed.qualityTier]).toEqual([6, "review", 6, "rewrite"]);

    expect(deriveSample(base).qualityTier).toBeNull();
  });

  it("uses the project's thresholds", () => {
    const custom = deriveSample({ ...base, final: { decision: "accept", targetAbsent: false, box: [1, 1, 2, 2], instructionRewrite: null, qualityScore: 7 }, tiers: TierSettingsSchema.parse({ goldMin: 8, rewriteMin: 5 }) });
    expect(custom.qualityTier).toBe("rewrite");
  });
});
