import "server-only";
// What "live" means for a claim, in one place. A claim holds one of an item's `overlap`
// slots while it is active with an unexpired lease, or once it is submitted. Live counts are
// always computed from Claim rows at the moment of asking (QueueItem.claimCount is not
// maintained): a lease lapses by the clock, not by a write, so a stored counter would be
// wrong the moment a lease ran out. Lapsed claims are marked `expired` lazily, by the next
// claim on the same item or by their owner's next claim.
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { Tx } from "@/lib/queues/claim-locks";

export function liveClaimWhere(now: Date): Prisma.ClaimWhereInput {
  return { OR: [{ status: "submitted" }, { status: "active", leaseUntil: { gt: now } }] };
}

// The same predicate for raw SQL over `"Claim" c`; the one parameter is `now`.
export function liveClaimSql(nowParam: string): string {
  return `(c."status" = 'submitted' OR (c."status" = 'active' AND c."leaseUntil" > ${nowParam}))`;
}

/** Live claims on an item, optionally leaving one claim out. Call with the item locked. */
export async function countLiveClaims(tx: Tx, queueItemId: string, now: Date, exceptClaimId?: string): Promise<number> {
  return tx.claim.count({
    where: { queueItemId, ...liveClaimWhere(now), ...(exceptClaimId ? { id: { not: exceptClaimId } } : {}) },
  });
}
