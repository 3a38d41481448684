import "server-only";
// The caller's claim as the review screens show it in queue mode: the queue's name and when
// the lease ends. Only the caller's own claim in this project; nothing about the item itself
// (whether it is a honeypot stays on the server).
import type { Db } from "@/lib/db";
import { isRowId } from "@/lib/ids/row-id-shape";

export async function queueClaimView(db: Db, projectId: string, userId: string, claimId: unknown, queueId: unknown) {
  if (!isRowId(claimId) || !isRowId(queueId)) return null;
  const claim = await db.claim.findFirst({
    where: { id: claimId, userId, queueItem: { queueId, queue: { projectId } } },
    select: { id: true, status: true, leaseUntil: true, queueItem: { select: { queue: { select: { id: true, name: true } } } } },
  });
  if (!claim) return null;
  const { queue } = claim.queueItem;
  return { claimId: claim.id, status: claim.status, leaseUntil: claim.leaseUntil.toISOString(), queueId: queue.id, queueName: queue.name };
}

export type QueueClaimView = NonNullable<Awaited<ReturnType<typeof queueClaimView>>>;
