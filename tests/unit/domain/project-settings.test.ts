import { describe, expect, it } from "vitest";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";

describe("ProjectSettingsSchema", () => {
  it("parses {} to the full defaults", () => {
    expect(ProjectSettingsSchema.parse({})).toEqual({
      rewards: { eta: 0.98, invalidActionPenalty: -0.1, advantagePolicy: "verified_only" },
      tiers: { goldMin: 7, rewriteMin: 4 },
      iouAgreementThreshold: 0.5,
      honeypotRate: 0.05,
      triageMargin: 0.5,
      judgeCertification: { minLowerBound: 0.8, minPairs: 150 },
    });
  });

  it("fills defaults inside partially given sections", () => {
    const parsed = ProjectSettingsSchema.parse({ rewards: { eta: 0.9 }, tiers: { goldMin: 8 } });
    expect(parsed.rewards).toEqual({ eta: 0.9, invalidActionPenalty: -0.1, advantagePolicy: "verified_only" });
    expect(parsed.tiers).toEqual({ goldMin: 8, rewriteMin: 4 });
  });

  it("applies the nested refinements and bounds", () => {
    expect(ProjectSettingsSchema.safeParse({ tiers: { goldMin: 3 } }).success).toBe(false);
    expect(ProjectSettingsSchema.safeParse({ honeypotRate: 1 }).success).toBe(false);
    expect(ProjectSettingsSchema.safeParse({ iouAgreementThreshold: 0 }).success).toBe(false);
    expect(ProjectSettingsSchema.safeParse({ iouAgreementThreshold: 1 }).success).toBe(true);
    expect(ProjectSettingsSchema.safeParse({ triageMargin: -0.1 }).success).toBe(false);
    expect(ProjectSettingsSchema.safeParse({ triageMargin: 0 }).success).toBe(true);
  });
});
