import "server-only";
// The caller's queue claim on an item, if they have one (live or submitted): it decides what
// their submit does (lib/domain/item-lifecycle.ts submitOutcome). Looked up by the server
// from the person and the item, never taken from the client, so an annotator cannot make a
// honeypot answer count as a plain submit by dropping the claim from the page's URL.
// A raw read: every submit asks it (lib/db/sql-exec.ts says why).
import type { Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import type { SubmitClaim } from "@/lib/domain/item-lifecycle";
import { asBool } from "@/lib/db/sql-reader";
import { isSampleKey, itemIdOf, type ItemKey } from "@/lib/annotations/item-key";

export type ItemClaim = { claimId: string; status: string; queueItemId: string; claim: NonNullable<SubmitClaim> };

export async function claimOnItem(db: Db, projectId: string, userId: string, item: ItemKey): Promise<ItemClaim | null> {
  const claims = await execFor(db).all<{ id: string; status: string; queueItemId: string; isHoneypot: unknown; overlap: number }>(
    `SELECT c."id", c."status", c."queueItemId", qi."isHoneypot", q."overlap"
       FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId" JOIN "Queue" q ON q."id" = qi."queueId"
      WHERE c."userId" = ? AND c."status" IN ('active', 'submitted') AND qi."${isSampleKey(item) ? "sampleId" : "trajectoryId"}" = ? AND q."projectId" = ?
      ORDER BY c."createdAt" DESC
      LIMIT 5`,
    [userId, itemIdOf(item), projectId],
  );
  const claim = claims.find((c) => c.status === "active") ?? claims[0];
  if (!claim) return null;
  return { claimId: claim.id, status: claim.status, queueItemId: claim.queueItemId, claim: { overlap: Number(claim.overlap), isHoneypot: asBool(claim.isHoneypot), isActive: claim.status === "active" } };
}
