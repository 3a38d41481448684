import "server-only";
// Giving an item back (skip). The slot frees at once for others, but the claim row stays
// as `released`: the user never gets this item again. Releasing twice, or a claim already
// marked expired, is a no-op; a submitted claim cannot be released. A released honeypot claim
// is graded wrong (lib/queues/grade-honeypot-claim.ts); the reply is the same as for any skip.
import { z } from "zod";
import type { Db } from "@/lib/db";
import { writeTxOf } from "@/lib/db/write-transaction";
import { saidError } from "@/lib/errors/said-error";
import { recordAudit } from "@/lib/audit/record";
import { CLAIM_TRANSACTION, lockItemOfClaim } from "@/lib/queues/claim-locks";
import { gradeSkippedHoneypot } from "@/lib/queues/grade-honeypot-claim";

export const ReleaseClaimInputSchema = z.object({
  claimId: z.string().min(1).max(40),
  userId: z.string().min(1).max(40),
});

export async function releaseClaim(db: Db, input: z.input<typeof ReleaseClaimInputSchema>) {
  const { claimId, userId } = ReleaseClaimInputSchema.parse(input);
  const result = await db.$transaction(async (tx) => {
    await lockItemOfClaim(writeTxOf(db, tx), claimId);
    const claim = await tx.claim.findUnique({
      where: { id: claimId },
      include: { queueItem: { select: { isHoneypot: true, sampleId: true, trajectoryId: true, queue: { select: { id: true, projectId: true } } } } },
    });
    if (!claim || claim.userId !== userId) throw saidError("not_found", "messages.noSuchClaim");
    if (claim.status === "submitted") throw saidError("conflict", "checks.itemAlreadySubmitted");
    if (claim.status !== "active") return { isNew: false, queue: claim.queueItem.queue, queueItemId: claim.queueItemId };
    const honeypotCorrect = claim.queueItem.isHoneypot ? await gradeSkippedHoneypot(tx, claim.queueItem.queue.projectId, claim.queueItem) : null;
    await tx.claim.update({ where: { id: claimId }, data: { status: "released", honeypotCorrect } });
    return { isNew: true, queue: claim.queueItem.queue, queueItemId: claim.queueItemId };
  }, CLAIM_TRANSACTION);

  if (result.isNew) {
    await recordAudit(db, {
      userId,
      projectId: result.queue.projectId,
      action: "claim.release",
      targetType: "queueItem",
      targetId: result.queueItemId,
      details: { queueId: result.queue.id, claimId },
    });
  }
}
