import "server-only";
// Samples per quality tier by their effective score (GroundingSample.qualityScore, kept up to
// date by lib/verdicts/sample-quality.ts), with the project's thresholds. The ranges mirror
// qualityTier() in lib/domain/tiers.ts, counted in the database on the indexed score.
import type { Db } from "@/lib/db";
import type { TierSettings } from "@/lib/domain/tiers";

export type TierCounts = { gold: number; rewrite: number; discard: number; unscored: number };

export async function tierCounts(db: Db, projectId: string, tiers: TierSettings): Promise<TierCounts> {
  const [gold, rewrite, discard, unscored] = await Promise.all([
    db.groundingSample.count({ where: { projectId, qualityScore: { gte: tiers.goldMin } } }),
    db.groundingSample.count({ where: { projectId, qualityScore: { gte: tiers.rewriteMin, lt: tiers.goldMin } } }),
    db.groundingSample.count({ where: { projectId, qualityScore: { lt: tiers.rewriteMin } } }),
    db.groundingSample.count({ where: { projectId, qualityScore: null } }),
  ]);
  return { gold, rewrite, discard, unscored };
}
