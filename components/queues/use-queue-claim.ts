"use client";
// Queue mode of the review screens. The queue's /next route opens an item with `claim` and
// `queue` in the URL; after a successful submit the screen goes on to the queue's next item
// instead of the list's, and the /next route closes the claim on the way.
import { useEffect, useRef } from "react";
import { useSearchParams } from "next/navigation";
import { openNextQueueItem } from "@/components/queues/open-next-item";

export function useQueueClaim(projectId: string) {
  const params = useSearchParams();
  const claimId = params.get("claim");
  const queueId = params.get("queue");
  // Once the form is on its way the page is leaving: a second Ctrl+Enter must not post the
  // claim again (the second close would be refused, and its notice would be wrong).
  const leaving = useRef(false);
  // Back to this page from the browser's cache, the form is long gone: the next submit posts.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) leaving.current = false;
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  if (!claimId || !queueId) return null;
  return {
    async moveOn() {
      // Whatever the close's outcome, /next is the right place: a closed claim yields the next
      // item, a claim still open (the close was refused) comes back so it can be submitted
      // again, and a lost lease yields a fresh item; the page it leads to says which. The
      // answer itself is already saved.
      if (leaving.current) return;
      leaving.current = true;
      openNextQueueItem(projectId, queueId, claimId);
    },
  };
}
