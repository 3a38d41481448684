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
//  1. Lock the claimer's QueueMember row (claim-locks.ts). This also checks membership and
//     serializes one user's own claims (two tabs), so "return my active claim, else take a
//     new one" cannot hand the same user two items. On SQLite this first statement is a
//     write, which takes the database's single write lock: the whole transaction then runs
//     as if BEGIN IMMEDIATE, serialized against every other writer, and waits (busy
//     timeout) instead of failing with SQLITE_BUSY.
//  2. PostgreSQL: pick the next candidate with FOR NO KEY UPDATE SKIP LOCKED, so concurrent
//     claimers spread over different items instead of queueing on one. The candidate
//     query's live count was read from the statement's snapshot, which can predate a claim
//     committed by the previous holder of the row lock; so, holding the lock, recount in a
//     fresh statement (READ COMMITTED) and move on to the next candidate if the item filled
//     up. Every claim insert happens under its item's lock, so the recount is exact. When
//     every remaining candidate is locked, ask again waiting for the locks rather than
//     answer "nothing left" too early.
//  3. Insert the claim, marking the item's lapsed claims `expired` on the way.
import { z } from "zod";
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record";
import { CLAIM_TRANSACTION, lockQueueMember } from "@/lib/queues/claim-locks";
import { countLiveClaims } from "@/lib/queues/live-claims";
import { nextCandidate } from "@/lib/queues/next-candidate";

export const ClaimNextInputSchema = z.object({
  queueId: z.string().min(1).max(40),
  userId: z.string().min(1).max(40),
  now: z.date().optional(),
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
  const { queueId, userId, now = new Date() } = ClaimNextInputSchema.parse(input);
  const provider = providerOf(databaseUrlOf(db));
  const outcome = await db.$transaction(async (tx) => {
    if (!(await lockQueueMember(tx, provider, queueId, userId))) {
      const exists = await tx.queue.count({ where: { id: queueId } });
      if (!exists) throw new AppError("not_found", "No such queue.");
      throw new AppError("forbidden", "You are not a member of this queue.");
    }
    const queue = await tx.queue.findUniqueOrThrow({ where: { id: queueId }, select: { projectId: true, status: true, overlap: true, leaseSeconds: true } });
    if (queue.status !== "active") throw new AppError("conflict", `This queue is ${queue.status}.`);

    const current = await tx.claim.findFirst({
      where: { userId, status: "active", leaseUntil: { gt: now }, queueItem: { queueId } },
      orderBy: { createdAt: "asc" },
      select: { id: true, queueItemId: true, leaseUntil: true, queueItem: { select: { sampleId: true, trajectoryId: true, verdictId: true } } },
    });
    if (current) {
      const { id, queueItemId, leaseUntil, queueItem } = current;
      return { claim: { claimId: id, queueItemId, leaseUntil, ...queueItem }, isNew: false, projectId: queue.projectId };
    }
    // Taking a new item abandons this user's lapsed leases in the queue.
    await tx.claim.updateMany({ where: { userId, status: "active", leaseUntil: { lte: now }, queueItem: { queueId } }, data: { status: "expired" } });

    const excludedIds: string[] = [];
    for (;;) {
      const query = { queueId, userId, now, excludedIds };
      const candidate =
        (await nextCandidate(tx, provider, { ...query, skipLocked: true })) ??
        (provider === "postgres" ? await nextCandidate(tx, provider, { ...query, skipLocked: false }) : null);
      if (!candidate) return { claim: null, isNew: false, projectId: queue.projectId };
      if (!candidate.isHoneypot && (await countLiveClaims(tx, candidate.id, now)) >= queue.overlap) {
        excludedIds.push(candidate.id);
        continue;
      }
      await tx.claim.updateMany({ where: { queueItemId: candidate.id, status: "active", leaseUntil: { lte: now } }, data: { status: "expired" } });
      const leaseUntil = new Date(now.getTime() + queue.leaseSeconds * 1000);
      const created = await tx.claim.create({ data: { queueItemId: candidate.id, userId, leaseUntil }, select: { id: true } });
      const { sampleId, trajectoryId, verdictId } = candidate;
      const claim: ClaimedItem = { claimId: created.id, queueItemId: candidate.id, sampleId, trajectoryId, verdictId, leaseUntil };
      return { claim, isNew: true, projectId: queue.projectId };
    }
  }, CLAIM_TRANSACTION);

  if (outcome.claim && outcome.isNew) {
    await recordAudit(db, {
      userId,
      projectId: outcome.projectId,
      action: "claim.create",
      targetType: "queueItem",
      targetId: outcome.claim.queueItemId,
      details: { queueId, claimId: outcome.claim.claimId, leaseUntil: outcome.claim.leaseUntil.toISOString() },
    });
  }
  return outcome.claim;
}
