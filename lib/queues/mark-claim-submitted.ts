import "server-only";
// Submitting the work done under a claim. The claim keeps its slot (a submitted claim is
// live for good) and the item counts one more submission; at `overlap` submissions the item
// is "full" and leaves the claimable set. A lease that lapsed is still honoured if nobody
// took the slot meanwhile (slow annotators should not lose work for nothing); if the slot
// went to someone else, the submission is refused as a conflict. Submitting twice is a no-op.
import { z } from "zod";
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record";
import { CLAIM_TRANSACTION, lockItemOfClaim } from "@/lib/queues/claim-locks";
import { countLiveClaims } from "@/lib/queues/live-claims";

export const MarkSubmittedInputSchema = z.object({
  claimId: z.string().min(1).max(40),
  userId: z.string().min(1).max(40),
  now: z.date().optional(),
});

export async function markClaimSubmitted(db: Db, input: z.input<typeof MarkSubmittedInputSchema>) {
  const { claimId, userId, now = new Date() } = MarkSubmittedInputSchema.parse(input);
  const provider = providerOf(databaseUrlOf(db));
  const result = await db.$transaction(async (tx) => {
    // The item first: claimers lock it before touching its claims, and so must we.
    await lockItemOfClaim(tx, provider, claimId);
    const claim = await tx.claim.findUnique({
      where: { id: claimId },
      include: { queueItem: { select: { id: true, status: true, queue: { select: { id: true, projectId: true, overlap: true } } } } },
    });
    if (!claim || claim.userId !== userId) throw new AppError("not_found", "No such claim.");
    if (claim.status === "submitted") return { claim, isNew: false };
    if (claim.status !== "active") throw new AppError("conflict", `This claim was ${claim.status}; open the queue again for a new item.`);
    const { queue } = claim.queueItem;
    if (claim.leaseUntil <= now && (await countLiveClaims(tx, claim.queueItemId, now, claim.id)) >= queue.overlap) {
      throw new AppError("conflict", "Your lease on this item ran out and it went to someone else.");
    }
    const submitted = await tx.claim.update({ where: { id: claimId }, data: { status: "submitted", submittedAt: now } });
    const item = await tx.queueItem.update({ where: { id: claim.queueItemId }, data: { submittedCount: { increment: 1 } } });
    if (item.submittedCount >= queue.overlap && item.status === "open") {
      await tx.queueItem.update({ where: { id: item.id }, data: { status: "full" } });
    }
    return { claim: submitted, isNew: true, queue };
  }, CLAIM_TRANSACTION);

  if (result.isNew && result.queue) {
    await recordAudit(db, {
      userId,
      projectId: result.queue.projectId,
      action: "claim.submit",
      targetType: "queueItem",
      targetId: result.claim.queueItemId,
      details: { queueId: result.queue.id, claimId },
    });
  }
  const { id, queueItemId, status, leaseUntil, submittedAt } = result.claim;
  return { claimId: id, queueItemId, status, leaseUntil, submittedAt };
}
