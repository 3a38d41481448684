// Everything a project admin can tune in the domain, with defaults, so that
// `ProjectSettingsSchema.parse({})` is a complete, valid configuration and a stored partial
// settings object gains new settings' defaults when read.
import { z } from "zod";
import { RewardSettingsSchema } from "@/lib/domain/rewards";
import { TierSettingsSchema } from "@/lib/domain/tiers";
import { DEFAULT_TRIAGE_MARGIN } from "@/lib/domain/triage-impact";
import { CertificationBarSchema } from "@/lib/domain/estimates/judge-certification";

export const ProjectSettingsSchema = z.object({
  // prefault (not default) so the nested objects' own defaults and refinements apply.
  rewards: RewardSettingsSchema.prefault({}),
  tiers: TierSettingsSchema.prefault({}),
  // Minimum IoU for two annotators' boxes on one sample to count as agreeing.
  iouAgreementThreshold: z.number().gt(0).lte(1).default(0.5),
  // Share of a queue's items that are honeypots (known answers); below 1 so real work remains.
  honeypotRate: z.number().min(0).lt(1).default(0.05),
  // Triage: a quality score this close (0-10 points) to a tier threshold is worth a second
  // look (lib/domain/triage-impact.ts); 0 turns that reason off.
  triageMargin: z.number().min(0).max(5).default(DEFAULT_TRIAGE_MARGIN),
  // When a judge counts as certified for a benchmark (lib/domain/estimates/judge-certification.ts).
  judgeCertification: CertificationBarSchema.prefault({}),
});
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;
