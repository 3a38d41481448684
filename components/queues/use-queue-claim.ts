"use client";
// Queue mode of the review screens. The queue's /next route opens an item with `claim` and
// `queue` in the URL; after a successful submit the claim is closed and the screen goes on to
// the queue's next item instead of the list's.
import { useSearchParams } from "next/navigation";
import { openNextQueueItem } from "@/components/queues/open-next-item";
import { postJson } from "@/components/review/post-json";

export function useQueueClaim(projectId: string) {
  const params = useSearchParams();
  const claimId = params.get("claim");
  const queueId = params.get("queue");
  if (!claimId || !queueId) return null;
  return {
    async moveOn() {
      // Whatever the outcome, /next is the right place: a closed claim yields the next item,
      // a claim still open (the close failed) comes back so it can be submitted again, and a
      // lost lease yields a fresh item. The answer itself is already saved.
      await postJson(`/api/projects/${encodeURIComponent(projectId)}/claims/${encodeURIComponent(claimId)}/submit`, {});
      openNextQueueItem(projectId, queueId);
    },
  };
}
