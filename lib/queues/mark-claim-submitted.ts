import "server-only";
// Submitting the work done under a claim. The claim keeps its slot (a submitted claim is
// live for good) and the item counts one more submission. At `overlap` submissions the item
// leaves the claimable set: with overlap 1 it is "full" and waits for a reviewer as before;
// with overlap N >= 2 it is resolved in the same transaction (resolve-item.ts): verified by
// consensus, or sent to adjudication. A honeypot item is none of this: the claim is graded
// against the known answer and the item's status never changes.
// A lease that lapsed is still honoured if nobody took the slot meanwhile (slow annotators
// should not lose work for nothing); if the slot went to someone else, the submission is
// refused as a conflict. Submitting twice is a no-op.
import { z } from "zod";
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record";
import { CLAIM_TRANSACTION, lockItemOfClaim } from "@/lib/queues/claim-locks";
import { gradeHoneypotClaim } from "@/lib/queues/grade-honeypot-claim";
import { countLiveClaims } from "@/lib/queues/live-claims";
import { resolveFullItem, type Resolution } from "@/lib/queues/resolve-item";

export const MarkSubmittedInputSchema = z.object({
  claimId: z.string().min(1).max(40),
  userId: z.string().min(1).max(40),
  now: z.date().optional(),
});

const RESOLVED_BY_CONSENSUS = new Set(["sample", "trajectory"]);

export async function markClaimSubmitted(db: Db, input: z.input<typeof MarkSubmittedInputSchema>) {
  const { claimId, userId, now = new Date() } = MarkSubmittedInputSchema.parse(input);
  const provider = providerOf(databaseUrlOf(db));
  const result = await db.$transaction(async (tx) => {
    // The item first: claimers lock it before touching its claims, and so must we.
    await lockItemOfClaim(tx, provider, claimId);
    const claim = await tx.claim.findUnique({
      where: { id: claimId },
      include: { queueItem: { select: { id: true, status: true, isHoneypot: true, queue: { select: { id: true, projectId: true, overlap: true, itemType: true } } } } },
    });
    if (!claim || claim.userId !== userId) throw new AppError("not_found", "No such claim.");
    if (claim.status === "submitted") return { claim, isNew: false };
    if (claim.status !== "active") throw new AppError("conflict", `This claim was ${claim.status}; open the queue again for a new item.`);
    const { queue, isHoneypot } = claim.queueItem;
    // Honeypots have no slots to lose (see next-candidate.ts).
    if (!isHoneypot && claim.leaseUntil <= now && (await countLiveClaims(tx, claim.queueItemId, now, claim.id)) >= queue.overlap) {
      throw new AppError("conflict", "Your lease on this item ran out and it went to someone else.");
    }
    const item = await tx.queueItem.update({ where: { id: claim.queueItemId }, data: { submittedCount: { increment: 1 } } });
    if (isHoneypot) {
      const honeypotCorrect = await gradeHoneypotClaim(tx, { projectId: queue.projectId, userId, item });
      const submitted = await tx.claim.update({ where: { id: claimId }, data: { status: "submitted", submittedAt: now, honeypotCorrect } });
      return { claim: submitted, isNew: true, queue };
    }
    const submitted = await tx.claim.update({ where: { id: claimId }, data: { status: "submitted", submittedAt: now } });
    let resolution: Resolution | null = null;
    if (item.submittedCount >= queue.overlap && item.status === "open") {
      if (queue.overlap >= 2 && RESOLVED_BY_CONSENSUS.has(queue.itemType) && !item.verdictId) {
        resolution = await resolveFullItem(tx, { item, projectId: queue.projectId, provider, overlap: queue.overlap, now });
      } else {
        await tx.queueItem.update({ where: { id: item.id }, data: { status: "full" } });
      }
    }
    return { claim: submitted, isNew: true, queue, resolution, item };
  }, CLAIM_TRANSACTION);

  if (result.isNew && result.queue) {
    const { queue } = result;
    await recordAudit(db, {
      userId,
      projectId: queue.projectId,
      action: "claim.submit",
      targetType: "queueItem",
      targetId: result.claim.queueItemId,
      details: { queueId: queue.id, claimId, ...(result.claim.honeypotCorrect !== null ? { honeypotCorrect: result.claim.honeypotCorrect } : {}) },
    });
    if (result.resolution && result.resolution.kind !== "unresolved" && result.item) {
      const item = result.item.sampleId ? { itemType: "sample", sampleId: result.item.sampleId } : { itemType: "trajectory", trajectoryId: result.item.trajectoryId };
      await recordAudit(db, {
        userId,
        projectId: queue.projectId,
        action: result.resolution.kind === "consensus" ? "consensus.verify" : "consensus.disagree",
        targetType: "queueItem",
        targetId: result.claim.queueItemId,
        details:
          result.resolution.kind === "consensus"
            ? { queueId: queue.id, ...item, revisionId: result.resolution.revisionId, answers: result.resolution.answers }
            : { queueId: queue.id, ...item, reasons: result.resolution.reasons },
      });
    }
  }
  const { id, queueItemId, status, leaseUntil, submittedAt } = result.claim;
  return { claimId: id, queueItemId, status, leaseUntil, submittedAt };
}
