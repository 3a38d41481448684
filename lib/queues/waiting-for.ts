import "server-only";
// What an unsettled item waits for, and who can settle it now, for the review standing strip
// (reviewers and admins only: a queue's state would give a honeypot away to an annotator).
// Read from the queue items that hold it, the one place the answers are counted:
//  - awaiting adjudication: the answers of a queue of overlap N disagreed; a reviewer settles
//    it on that queue's adjudication screen, or by submitting here (a reviewer's answer pins);
//  - in review inside a queue of overlap N that has fewer than N submitted answers: it waits
//    for the rest (whose claims are live, by whom). A reviewer without a claim on it settles it
//    by submitting here; one who holds a live claim on it (taken in the queue, then opened
//    outside it) gives a queue answer by submitting here, which counts once the claim is
//    submitted from the queue (lib/domain/item-lifecycle.ts submitOutcome);
//  - in review otherwise: an annotator's answer waits for a reviewer.
// Honeypot queue items are left out: grading them never changes the item.
import type { Db } from "@/lib/db";
import { isSampleKey, type ItemKey } from "@/lib/annotations/item-key";

type QueueRef = { queueId: string; queueName: string; queueItemId: string };

export type WaitingFor =
  | ({ kind: "adjudication" } & QueueRef)
  | ({ kind: "queue_answers"; overlap: number; submitted: string[]; claimedBy: string[]; yourClaimId: string | null; yourClaimSubmitted: boolean } & QueueRef)
  | { kind: "reviewer" };

export async function waitingFor(db: Db, projectId: string, item: ItemKey, status: string, viewerId: string): Promise<WaitingFor | null> {
  if (status !== "in_review" && status !== "awaiting_adjudication") return null;
  const items = await db.queueItem.findMany({
    where: { ...(isSampleKey(item) ? { sampleId: item.sampleId } : { trajectoryId: item.trajectoryId }), isHoneypot: false, queue: { projectId, overlap: { gte: 2 } } },
    select: {
      id: true,
      status: true,
      queue: { select: { id: true, name: true, overlap: true } },
      claims: { where: { status: { in: ["active", "submitted"] } }, orderBy: { createdAt: "asc" }, select: { id: true, status: true, userId: true, user: { select: { name: true } } } },
    },
    orderBy: { createdAt: "desc" },
  });
  const ref = (q: (typeof items)[number]): QueueRef => ({ queueId: q.queue.id, queueName: q.queue.name, queueItemId: q.id });
  if (status === "awaiting_adjudication") {
    const held = items.find((q) => q.status === "adjudication") ?? items[0];
    return held ? { kind: "adjudication", ...ref(held) } : { kind: "reviewer" };
  }
  const open = items.find((q) => q.status === "open" || q.status === "full");
  if (!open) return { kind: "reviewer" };
  const submitted = open.claims.filter((c) => c.status === "submitted");
  const live = open.claims.filter((c) => c.status === "active");
  const yours = open.claims.find((c) => c.userId === viewerId) ?? null;
  return {
    kind: "queue_answers",
    ...ref(open),
    overlap: open.queue.overlap,
    submitted: submitted.map((c) => c.user.name),
    claimedBy: live.map((c) => c.user.name),
    yourClaimId: yours?.status === "active" ? yours.id : null,
    yourClaimSubmitted: yours?.status === "submitted",
  };
}
