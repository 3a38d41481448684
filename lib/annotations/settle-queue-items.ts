import "server-only";
// A reviewer settled an item outside the queue that held it (from the list, a review page, the
// bulk pass): the queue items waiting on a reviewer for it (full, or awaiting adjudication) are
// settled too, resolution "review", so nobody is asked to adjudicate what is already decided.
import type { WriteTx } from "@/lib/db/write-transaction";
import { isSampleKey, itemIdOf, type ItemKey } from "@/lib/annotations/item-key";

export async function settleQueueItemsOf(w: WriteTx, projectId: string, item: ItemKey, reviewerId: string, now: Date): Promise<number> {
  return w.exec.run(
    `UPDATE "QueueItem" SET "status" = 'verified', "resolution" = 'review', "resolvedById" = ?, "resolvedAt" = ?
      WHERE "${isSampleKey(item) ? "sampleId" : "trajectoryId"}" = ? AND "status" IN ('full', 'adjudication')
        AND "queueId" IN (SELECT "id" FROM "Queue" WHERE "projectId" = ?)`,
    [reviewerId, now, itemIdOf(item), projectId],
  );
}
