import "server-only";
// The caller's queue claim on an item, if they have one (live or submitted): it decides what
// their submit does (lib/domain/item-lifecycle.ts submitOutcome). Looked up by the server
// from the person and the item, never taken from the client, so an annotator cannot make a
// honeypot answer count as a plain submit by dropping the claim from the page's URL.
import type { Db } from "@/lib/db";
import type { SubmitClaim } from "@/lib/domain/item-lifecycle";
import { isSampleKey, type ItemKey } from "@/lib/annotations/item-key";

export type ItemClaim = { claimId: string; status: string; queueItemId: string; claim: NonNullable<SubmitClaim> };

export async function claimOnItem(db: Pick<Db, "claim">, projectId: string, userId: string, item: ItemKey): Promise<ItemClaim | null> {
  const claims = await db.claim.findMany({
    where: {
      userId,
      status: { in: ["active", "submitted"] },
      queueItem: { ...(isSampleKey(item) ? { sampleId: item.sampleId } : { trajectoryId: item.trajectoryId }), queue: { projectId } },
    },
    orderBy: { createdAt: "desc" },
    take: 5,
    select: { id: true, status: true, queueItemId: true, queueItem: { select: { isHoneypot: true, queue: { select: { overlap: true } } } } },
  });
  const claim = claims.find((c) => c.status === "active") ?? claims[0];
  if (!claim) return null;
  return { claimId: claim.id, status: claim.status, queueItemId: claim.queueItemId, claim: { overlap: claim.queueItem.queue.overlap, isHoneypot: claim.queueItem.isHoneypot } };
}
