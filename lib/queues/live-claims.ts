import "server-only";
// What "live" means for a claim, in one place. A claim holds one of an item's `overlap`
// slots while it is active with an unexpired lease, or once it is submitted. Live counts are
// always computed from Claim rows at the moment of asking (QueueItem.claimCount is not
// maintained): a lease lapses by the clock, not by a write, so a stored counter would be
// wrong the moment a lease ran out. Lapsed claims are marked `expired` lazily, by the next
// claim on the same item or by their owner's next claim.
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { WriteTx } from "@/lib/db/write-transaction";

export function liveClaimWhere(now: Date): Prisma.ClaimWhereInput {
  return { OR: [{ status: "submitted" }, { status: "active", leaseUntil: { gt: now } }] };
}

// The same predicate for raw SQL over `"Claim" c`; the one parameter is `now`.
export function liveClaimSql(nowParam: string): string {
  return `(c."status" = 'submitted' OR (c."status" = 'active' AND c."leaseUntil" > ${nowParam}))`;
}

/** Live claims on an item, optionally leaving one claim out. Call with the item locked. */
export async function countLiveClaims(w: WriteTx, queueItemId: string, now: Date, exceptClaimId?: string): Promise<number> {
  const rows = await w.exec.all<{ n: number | bigint }>(
    `SELECT COUNT(*) AS "n" FROM "Claim" c WHERE c."queueItemId" = ? AND ${liveClaimSql(w.provider === "postgres" ? "?::timestamp(3)" : "?")}${exceptClaimId ? ` AND c."id" <> ?` : ""}`,
    exceptClaimId ? [queueItemId, now, exceptClaimId] : [queueItemId, now],
  );
  return Number(rows[0]?.n ?? 0);
}
