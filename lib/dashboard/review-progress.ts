import "server-only";
// Samples and trajectories by lifecycle state (lib/domain/item-lifecycle.ts), one groupBy each.
import type { Db } from "@/lib/db";
import { ITEM_STATES } from "@/lib/domain/item-lifecycle";

export const REVIEW_STATUSES = ITEM_STATES;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type StatusCounts = { total: number; counts: Record<ReviewStatus, number> };
export type ReviewProgress = { samples: StatusCounts; trajectories: StatusCounts };

function toCounts(groups: { status: string; _count: { _all: number } }[]): StatusCounts {
  const counts = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<ReviewStatus, number>;
  let total = 0;
  for (const g of groups) {
    total += g._count._all;
    // A status outside the closed set would be a bug elsewhere; it still counts in the total.
    if ((REVIEW_STATUSES as readonly string[]).includes(g.status)) counts[g.status as ReviewStatus] = g._count._all;
  }
  return { total, counts };
}

export async function reviewProgress(db: Db, projectId: string): Promise<ReviewProgress> {
  const [samples, trajectories] = await Promise.all([
    db.groundingSample.groupBy({ by: ["status"], where: { projectId }, _count: { _all: true } }),
    db.trajectory.groupBy({ by: ["status"], where: { projectId }, _count: { _all: true } }),
  ]);
  return { samples: toCounts(samples), trajectories: toCounts(trajectories) };
}
