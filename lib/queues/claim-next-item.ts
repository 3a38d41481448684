import "server-only";
// Opening a queue claims its next item. Invariants, on SQLite and PostgreSQL alike:
//  - an item never has more live claims (active and unexpired, or submitted) than the
//    queue's overlap, honeypot items excepted: every member may claim a honeypot once
//    (next-candidate.ts says why);
//  - a user never holds two claims on one item, in any status (@@unique([queueItemId,
//    userId]) backs this up), so a released or expired item never comes back to them;
//  - re-opening the queue while holding an unexpired claim returns that claim, it does not
//    take a second item.
//
// Concurrency scheme: one transaction per claim, no read-then-write window.
//  1. Lock the claimer's QueueMember row, reading the queue in the same statement
//     (claim-locks.ts). This also checks membership and serializes one user's own claims
//     (two tabs), so "return my active claim, else take a new one" cannot hand the same user
//     two items. On SQLite the transaction begins IMMEDIATE on the app's one connection
//     (lib/db/connection-transaction.ts), serialized against every other writer, and
//     waits (busy timeout) instead of failing with SQLITE_BUSY.
//  2. Return the held claim, else expire the claimer's lapsed leases (claim-statements.ts),
//     in a statement that starts after the member lock is held, so it sees the claim a
//     previous holder of the lock (the other tab) just committed.
//  3. PostgreSQL: pick the next candidate with FOR NO KEY UPDATE SKIP LOCKED, so concurrent
//     claimers spread over different items instead of queueing on one. The candidate
//     query's live count was read from the statement's snapshot, which can predate a claim
//     committed by the previous holder of the row lock; so, holding the lock, the claim is
//     inserted only if a recount in a fresh statement (READ COMMITTED) finds room, and
//     otherwise we move on to the next candidate. Every claim insert happens under its
//     item's lock, so the recount is exact. When every remaining candidate is locked, ask
//     again waiting for the locks rather than answer "nothing left" too early.
//  4. The recount, the expiry of the item's lapsed claims, the claim and its audit row are
//     one statement on PostgreSQL (claim-statements.ts), all inside the transaction.
// On PostgreSQL a new claim is thus BEGIN + 4 statements + COMMIT: each is a round trip, and
// round trips were most of a claim's time (bench/queue-bench.ts).
import { z } from "zod";
import type { Db } from "@/lib/db";
import { inConnectionTransaction } from "@/lib/db/connection-transaction";
import { saidError } from "@/lib/errors/said-error";
import { lockQueueMember } from "@/lib/queues/claim-locks";
import { claimItemIfRoom, heldClaimElseExpireLapsed } from "@/lib/queues/claim-statements";
import { nextCandidate } from "@/lib/queues/next-candidate";
import { statusWord } from "@/lib/i18n/status-word";

export const ClaimNextInputSchema = z.object({
  queueId: z.string().min(1).max(40),
  userId: z.string().min(1).max(40),
  now: z.date().optional(),
  // A claim of the caller's whose answer is stored and which is being closed beside this claim
  // (move-on-in-queue.ts): not returned as held, so the claim goes on to their next item.
  closing: z.string().min(1).max(40).optional(),
});

// Nothing here says whether the item is a honeypot: this goes back to the annotator.
export type ClaimedItem = {
  claimId: string;
  queueItemId: string;
  sampleId: string | null;
  trajectoryId: string | null;
  verdictId: string | null;
  leaseUntil: Date;
};

export async function claimNextItem(db: Db, input: z.input<typeof ClaimNextInputSchema>): Promise<ClaimedItem | null> {
  const { queueId, userId, now = new Date(), closing } = ClaimNextInputSchema.parse(input);
  return inConnectionTransaction(db, async (w) => {
    const { provider } = w;
    const queue = await lockQueueMember(w, queueId, userId);
    if (!queue) {
      const exists = await w.exec.all(`SELECT 1 FROM "Queue" WHERE "id" = ?`, [queueId]);
      if (!exists.length) throw saidError("not_found", "checks.noSuchQueue");
      throw saidError("forbidden", "checks.notQueueMember");
    }
    if (queue.status !== "active") throw saidError("conflict", "checks.queueNotActive", { status: statusWord(queue.status) });

    const held = await heldClaimElseExpireLapsed(w, { queueId, userId, now, closing });
    if (held) {
      const { id, queueItemId, leaseUntil, sampleId, trajectoryId, verdictId } = held;
      return { claimId: id, queueItemId, leaseUntil, sampleId, trajectoryId, verdictId };
    }

    const excludedIds: string[] = [];
    for (;;) {
      const query = { queueId, userId, now, overlap: queue.overlap, excludedIds };
      const candidate =
        (await nextCandidate(w, { ...query, skipLocked: true })) ??
        (provider === "postgres" ? await nextCandidate(w, { ...query, skipLocked: false }) : null);
      if (!candidate) return null;
      const taken = await claimItemIfRoom(w, { queueId, userId, now, queue, item: candidate });
      if (!taken) {
        excludedIds.push(candidate.id);
        continue;
      }
      const { sampleId, trajectoryId, verdictId } = candidate;
      return { claimId: taken.claimId, queueItemId: candidate.id, sampleId, trajectoryId, verdictId, leaseUntil: taken.leaseUntil };
    }
  });
}
