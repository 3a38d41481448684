// Mid-training quality routing (UI-Venus-1.5 data refinement): an effective 0-10 score
// >= goldMin goes to the gold pool, >= rewriteMin is rewritten, anything lower is discarded.
// The effective value is the latest accepted human override, else the judge's own verdict:
// verdicts are immutable, overrides are records that point at them.
import { z } from "zod";

export const TierSettingsSchema = z
  .object({
    goldMin: z.number().min(0).max(10).default(7),
    rewriteMin: z.number().min(0).max(10).default(4),
  })
  .refine((s) => s.rewriteMin <= s.goldMin, {
    message: "rewriteMin must not exceed goldMin",
    path: ["rewriteMin"],
  });
export type TierSettings = z.infer<typeof TierSettingsSchema>;

export const QUALITY_TIERS = ["gold", "rewrite", "discard"] as const;
export const QualityTierSchema = z.enum(QUALITY_TIERS);
export type QualityTier = z.infer<typeof QualityTierSchema>;

export function qualityTier(score: number, settings: TierSettings = TierSettingsSchema.parse({})): QualityTier {
  if (!Number.isFinite(score) || score < 0 || score > 10) {
    throw new RangeError(`quality score must be a number in [0, 10], got ${score}`);
  }
  if (score >= settings.goldMin) return "gold";
  if (score >= settings.rewriteMin) return "rewrite";
  return "discard";
}

// accepted, or taken back: rejected by adjudication, withdrawn by a reviewer after the
// verdict it overrode changed (lib/verdicts/override-review.ts).
export type Override<T> = { value: T; createdAt: Date; status?: "accepted" | "rejected" | "withdrawn" };

// "Latest" is by createdAt; on equal timestamps the later entry in the array wins, so a
// caller that passes overrides in insertion order gets the last one written.
export function effectiveValue<T>(verdictValue: T, overrides: readonly Override<T>[]): T {
  let latest: Override<T> | undefined;
  for (const o of overrides) {
    const time = o.createdAt.getTime();
    if (Number.isNaN(time)) throw new RangeError("override createdAt is an invalid Date");
    // An override without a status was made by someone allowed to decide: it stands.
    if (o.status === "rejected" || o.status === "withdrawn") continue;
    if (latest === undefined || time >= latest.createdAt.getTime()) latest = o;
  }
  return latest === undefined ? verdictValue : latest.value;
}
