import "server-only";
// Samples per quality tier: the stored tier of each sample's effective score
// (lib/domain/derive-sample.ts, with the project's thresholds), one groupBy.
import type { Db } from "@/lib/db";

export type TierCounts = { gold: number; rewrite: number; discard: number; unscored: number };

export async function tierCounts(db: Db, projectId: string): Promise<TierCounts> {
  const groups = await db.groundingSample.groupBy({ by: ["qualityTier"], where: { projectId }, _count: { _all: true } });
  const counts: TierCounts = { gold: 0, rewrite: 0, discard: 0, unscored: 0 };
  for (const g of groups) counts[(g.qualityTier ?? "unscored") as keyof TierCounts] += g._count._all;
  return counts;
}
