import "server-only";
// A reviewer settled an item outside the queue that held it (from the list, a review page, the
// bulk pass): the queue items waiting on a reviewer for it (full, or awaiting adjudication) are
// settled too, resolution "review", so nobody is asked to adjudicate what is already decided.
import type { Tx } from "@/lib/queues/claim-locks";
import { isSampleKey, type ItemKey } from "@/lib/annotations/item-key";

export async function settleQueueItemsOf(tx: Tx, projectId: string, item: ItemKey, reviewerId: string, now: Date): Promise<number> {
  const { count } = await tx.queueItem.updateMany({
    where: { ...(isSampleKey(item) ? { sampleId: item.sampleId } : { trajectoryId: item.trajectoryId }), status: { in: ["full", "adjudication"] }, queue: { projectId } },
    data: { status: "verified", resolution: "review", resolvedById: reviewerId, resolvedAt: now },
  });
  return count;
}
