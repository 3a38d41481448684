"use client";
// Queue mode of the review screens. The queue's /next route opens an item with `claim` and
// `queue` in the address (the screen's data carries them, as `queueStep`). A submit in queue
// mode names both in its answer's save: the server stores the answer, closes the claim and
// claims the caller's next item in that one request, and answers where to go
// (lib/api/answer-save-reply.ts); the screen then swaps to that item
// (components/review/use-review-session.ts). Should that part not come back (an older server,
// going on failed), the screen posts the queue's /next form with the claim to close instead,
// which does the same in a second request.
import { useEffect, useRef } from "react";
import { openNextQueueItem } from "@/components/queues/open-next-item";
import { postJson } from "@/components/review/post-json";

// Only an address of this site, as the server makes them: never another origin.
const isOwnPath = (value: unknown): value is string => typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.includes("\\");

export function useQueueClaim(projectId: string, step: { claimId: string; queueId: string } | null) {
  // Where the last submit's reply said to go, and that item's screen when the reply carried it.
  const next = useRef<{ address: string; screen: unknown } | null>(null);
  // Once the page is leaving, a second Ctrl+Enter must not go on again (a second close would
  // be refused, and its notice would be wrong).
  const leaving = useRef(false);
  // Back to this page from the browser's cache, the navigation is long over: the next submit goes on.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) {
        leaving.current = false;
        next.current = null;
      }
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  if (!step) return null;
  const { claimId, queueId } = step;
  return {
    /** The queue part of a save's body: a submit goes on in the queue with it. */
    stepFor(status: "draft" | "submitted") {
      // The screen shows the next item at once, so it asks for that item's screen in the same reply.
      return status === "submitted" && !leaving.current ? { queueId, claimId, withNextScreen: true as const } : undefined;
    },
    /** Notes where a saved submit's reply says to go. */
    heard(reply: { ok: boolean; next?: unknown; nextScreen?: unknown }) {
      if (reply.ok && isOwnPath(reply.next)) next.current = { address: reply.next, screen: reply.nextScreen ?? null };
    },
    /** True while the page is on its way to the next item. */
    get leaving() {
      return leaving.current;
    },
    /** Goes on to the queue's next item: `go` shows the address the submit's reply named (with its screen, when the reply carried it). */
    moveOn(go: (address: string, screen?: unknown) => void) {
      // Whatever the close's outcome, going on is right: a closed claim yields the next item,
      // a claim still open (the close was refused) comes back so it can be submitted again,
      // and a lost lease yields a fresh item; the page it leads to says which. The answer
      // itself is already saved.
      if (leaving.current) return;
      leaving.current = true;
      const target = next.current;
      next.current = null;
      if (target) go(target.address, target.screen ?? undefined);
      else openNextQueueItem(projectId, queueId, claimId);
    },
  };
}

export type QueueClaim = NonNullable<ReturnType<typeof useQueueClaim>>;

/** A review screen's answer save: in queue mode a submit carries its queue step, and its reply's address is noted. */
export async function postAnswerSave<R extends { ok: boolean; next?: unknown; nextScreen?: unknown }>(url: string, input: { status: "draft" | "submitted" }, queueClaim: QueueClaim | null): Promise<R | { ok: false; error: string }> {
  const reply = await postJson<R>(url, { ...input, queue: queueClaim?.stepFor(input.status) });
  queueClaim?.heard(reply);
  return reply;
}
