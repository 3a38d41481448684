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
import type { Db } from "@/lib/db";
import type { WriteTx } from "@/lib/db/write-transaction";
import { inConnectionTransaction } from "@/lib/db/connection-transaction";
import { asBool, asDate } from "@/lib/db/sql-reader";
import { saidError } from "@/lib/errors/said-error";
import { insertAudit } from "@/lib/audit/record";
import { lockItemOfClaim } from "@/lib/queues/claim-locks";
import { gradeHoneypotClaim } from "@/lib/queues/grade-honeypot-claim";
import { countLiveClaims } from "@/lib/queues/live-claims";
import { resolveFullItem, type Resolution } from "@/lib/queues/resolve-item";
import { statusWord } from "@/lib/i18n/status-word";

export const MarkSubmittedInputSchema = z.object({
  claimId: z.string().min(1).max(40),
  userId: z.string().min(1).max(40),
  now: z.date().optional(),
});

const RESOLVED_BY_CONSENSUS = new Set(["sample", "trajectory"]);

type ClaimRow = {
  id: string;
  userId: string;
  queueItemId: string;
  status: string;
  leaseUntil: Date;
  submittedAt: Date | null;
  honeypotCorrect: boolean | null;
  isHoneypot: boolean;
  queue: { id: string; projectId: string; overlap: number; itemType: string };
};

async function readClaim(w: WriteTx, claimId: string): Promise<ClaimRow | null> {
  const rows = await w.exec.all<Record<string, unknown>>(
    `SELECT c."id", c."userId", c."queueItemId", c."status", c."leaseUntil", c."submittedAt", c."honeypotCorrect", qi."isHoneypot",
            q."id" AS "queueId", q."projectId", q."overlap", q."itemType"
       FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId" JOIN "Queue" q ON q."id" = qi."queueId"
      WHERE c."id" = ?`,
    [claimId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: String(r.id),
    userId: String(r.userId),
    queueItemId: String(r.queueItemId),
    status: String(r.status),
    leaseUntil: asDate(r.leaseUntil)!,
    submittedAt: asDate(r.submittedAt),
    honeypotCorrect: r.honeypotCorrect === null || r.honeypotCorrect === undefined ? null : asBool(r.honeypotCorrect),
    isHoneypot: asBool(r.isHoneypot),
    queue: { id: String(r.queueId), projectId: String(r.projectId), overlap: Number(r.overlap), itemType: String(r.itemType) },
  };
}

/** One more submission on the item; the item as it is after it. */
async function countSubmission(w: WriteTx, queueItemId: string) {
  const rows = await w.exec.all<{ id: string; status: string; submittedCount: number; sampleId: string | null; trajectoryId: string | null; verdictId: string | null }>(
    `UPDATE "QueueItem" SET "submittedCount" = "submittedCount" + 1 WHERE "id" = ?
     RETURNING "id", "status", "submittedCount", "sampleId", "trajectoryId", "verdictId"`,
    [queueItemId],
  );
  const item = rows[0]!;
  return { ...item, submittedCount: Number(item.submittedCount) };
}

// The audit rows are written in the submit's own transaction: a submit is never stored
// without its row, and on SQLite the row costs no commit of its own.
async function auditSubmit(w: WriteTx, claim: ClaimRow) {
  await insertAudit(w.exec, {
    userId: claim.userId,
    projectId: claim.queue.projectId,
    action: "claim.submit",
    targetType: "queueItem",
    targetId: claim.queueItemId,
    details: { queueId: claim.queue.id, claimId: claim.id, ...(claim.honeypotCorrect !== null ? { honeypotCorrect: claim.honeypotCorrect } : {}) },
  });
}

type SubmittedItem = Awaited<ReturnType<typeof countSubmission>>;

async function auditResolution(w: WriteTx, claim: ClaimRow, item: SubmittedItem, resolution: Exclude<Resolution, { kind: "unresolved" }>) {
  const { queue } = claim;
  const on = item.sampleId ? { itemType: "sample", sampleId: item.sampleId } : { itemType: "trajectory", trajectoryId: item.trajectoryId };
  await insertAudit(w.exec, {
    userId: claim.userId,
    projectId: queue.projectId,
    action: resolution.kind === "consensus" ? "consensus.verify" : "consensus.disagree",
    targetType: "queueItem",
    targetId: claim.queueItemId,
    details: resolution.kind === "consensus" ? { queueId: queue.id, ...on, revisionId: resolution.revisionId, answers: resolution.answers } : { queueId: queue.id, ...on, reasons: resolution.reasons },
  });
}

export async function markClaimSubmitted(db: Db, input: z.input<typeof MarkSubmittedInputSchema>) {
  const { claimId, userId, now = new Date() } = MarkSubmittedInputSchema.parse(input);
  const closed = await inConnectionTransaction(db, async (w) => {
    // The item first: claimers lock it before touching its claims, and so must we.
    await lockItemOfClaim(w, claimId);
    const claim = await readClaim(w, claimId);
    if (!claim || claim.userId !== userId) throw saidError("not_found", "messages.noSuchClaim");
    if (claim.status === "submitted") return claim;
    if (claim.status !== "active") throw saidError("conflict", "checks.claimEnded", { status: statusWord(claim.status) });
    const { queue, isHoneypot } = claim;
    // Honeypots have no slots to lose (see next-candidate.ts).
    if (!isHoneypot && claim.leaseUntil <= now && (await countLiveClaims(w, claim.queueItemId, now, claim.id)) >= queue.overlap) {
      throw saidError("conflict", "checks.leaseLost");
    }
    const item = await countSubmission(w, claim.queueItemId);
    const honeypotCorrect = isHoneypot ? await gradeHoneypotClaim(w.tx, { projectId: queue.projectId, userId, item }) : null;
    await w.exec.run(`UPDATE "Claim" SET "status" = 'submitted', "submittedAt" = ?, "honeypotCorrect" = ? WHERE "id" = ?`, [now, honeypotCorrect, claimId]);
    const submitted: ClaimRow = { ...claim, status: "submitted", submittedAt: now, honeypotCorrect };
    await auditSubmit(w, submitted);
    if (isHoneypot) return submitted;
    if (item.submittedCount >= queue.overlap && item.status === "open") {
      if (queue.overlap >= 2 && RESOLVED_BY_CONSENSUS.has(queue.itemType) && !item.verdictId) {
        const resolution = await resolveFullItem(w, { item, projectId: queue.projectId, overlap: queue.overlap, now });
        if (resolution.kind !== "unresolved") await auditResolution(w, submitted, item, resolution);
      } else {
        await w.exec.run(`UPDATE "QueueItem" SET "status" = 'full' WHERE "id" = ?`, [item.id]);
      }
    }
    return submitted;
  });
  const { id, queueItemId, status, leaseUntil, submittedAt } = closed;
  return { claimId: id, queueItemId, status, leaseUntil, submittedAt };
}
