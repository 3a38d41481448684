import "server-only";
// A reviewer settles a queue item whose answers disagreed: their answer (one of the
// annotators' picked as is, or edited) is pinned as the final answer, a revision of source
// "adjudication" decided by the reviewer; the sample or trajectory is verified; the queue item
// is "verified" with resolution "adjudication", by whom and when. Under the item's lock, and only while the
// item still awaits adjudication: when someone else settled it meanwhile, this is refused as a
// conflict naming who and when, and nothing is overwritten.
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { AppError } from "@/lib/errors";
import { saidError } from "@/lib/i18n/said-error";
import { isReviewerRole } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { boxOutsideImage, groundingProblem, GroundingPayloadSchema } from "@/lib/annotations/grounding-payload";
import { pinFinalAnswer } from "@/lib/annotations/answer-revisions";
import type { FinalPayload } from "@/lib/annotations/final-payload";
import type { ItemKey } from "@/lib/annotations/item-key";
import { writeTxOf } from "@/lib/derived/write-transaction";
import { CLAIM_TRANSACTION, lockQueueItem } from "@/lib/queues/claim-locks";
import { trajectoryProblem, TrajectoryPayloadSchema } from "@/lib/trajectories/trajectory-payload";
import { statusWord } from "@/lib/i18n/status-word";

const Id = z.string().min(1).max(40);

export const AdjudicationInputSchema = z.discriminatedUnion("itemType", [
  // pickedUserId: whose answer the reviewer started from (for the audit log), null if none.
  z.object({ queueItemId: Id, itemType: z.literal("sample"), payload: GroundingPayloadSchema, pickedUserId: Id.nullable() }),
  z.object({ queueItemId: Id, itemType: z.literal("trajectory"), payload: TrajectoryPayloadSchema, pickedUserId: Id.nullable() }),
]);
export type AdjudicationInput = z.input<typeof AdjudicationInputSchema>;

/** Why the adjudication came too late, with who settled the item and when (UTC, to the minute). */
function resolutionRefusal(item: { status: string; resolution: string | null; resolvedAt: Date | null; resolvedBy: string | null }): AppError {
  if (item.status !== "verified") return saidError("conflict", "checks.noLongerAdjudication", { status: statusWord(item.status) });
  const when = item.resolvedAt?.toISOString().slice(0, 16).replace("T", " ");
  if (item.resolution === "consensus") {
    return when ? saidError("conflict", "checks.settledByConsensusAt", { when }) : saidError("conflict", "checks.settledByConsensus");
  }
  const who = item.resolvedBy ?? item.resolution ?? "someone";
  return when ? saidError("conflict", "checks.settledByAt", { who, when }) : saidError("conflict", "checks.settledBy", { who });
}

export async function adjudicateItem(db: Db, access: ProjectAccess, input: AdjudicationInput, now = new Date()) {
  const parsed = AdjudicationInputSchema.parse(input);
  if (!isReviewerRole(access.role)) throw saidError("forbidden", "checks.adjudicationNeedsReviewer");
  const outcome = await db.$transaction(async (tx) => {
    const w = writeTxOf(db, tx);
    await lockQueueItem(w, parsed.queueItemId);
    const item = await tx.queueItem.findFirst({
      where: { id: parsed.queueItemId, queue: { projectId: access.projectId } },
      include: { queue: { select: { id: true, itemType: true } }, trajectory: { select: { stepCount: true } }, sample: { select: { imageWidth: true, imageHeight: true, media: { select: { width: true, height: true } } } } },
    });
    if (!item || item.isHoneypot) throw saidError("not_found", "checks.noSuchQueueItem");
    if (item.status !== "adjudication") {
      const resolvedBy = item.resolvedById ? (await tx.user.findUnique({ where: { id: item.resolvedById }, select: { name: true } }))?.name ?? null : null;
      throw resolutionRefusal({ ...item, resolvedBy });
    }
    let answer: FinalPayload;
    let key: ItemKey;
    if (parsed.itemType === "sample") {
      if (!item.sampleId) throw saidError("invalid_input", "checks.itemIsTrajectory");
      const width = item.sample?.media?.width ?? item.sample?.imageWidth;
      const height = item.sample?.media?.height ?? item.sample?.imageHeight;
      const problem = groundingProblem(parsed.payload) ?? boxOutsideImage(parsed.payload, width && height ? { width, height } : null);
      if (problem) throw saidError("invalid_input", "checks.cannotResolve", { problem });
      answer = { itemType: "sample", payload: parsed.payload };
      key = { sampleId: item.sampleId };
    } else {
      if (!item.trajectoryId || !item.trajectory) throw saidError("invalid_input", "checks.itemIsSample");
      const problem = trajectoryProblem(parsed.payload, item.trajectory.stepCount);
      if (problem) throw saidError("invalid_input", "checks.cannotResolve", { problem });
      answer = { itemType: "trajectory", payload: parsed.payload };
      key = { trajectoryId: item.trajectoryId };
    }
    if (parsed.pickedUserId) {
      const picked = await tx.claim.count({ where: { queueItemId: item.id, userId: parsed.pickedUserId, status: "submitted" } });
      if (!picked) throw saidError("invalid_input", "checks.pickedAnswerNotHere");
    }
    const pinned = await pinFinalAnswer(w, {
      projectId: access.projectId,
      item: key,
      answer,
      source: "adjudication",
      decision: "accept",
      decidedById: access.user.id,
      contributorIds: [access.user.id],
      now,
    });
    await tx.queueItem.update({ where: { id: item.id }, data: { status: "verified", resolution: "adjudication", resolvedById: access.user.id, resolvedAt: now } });
    return { revisionId: pinned.revisionId, queueId: item.queue.id, answer, key };
  }, CLAIM_TRANSACTION);

  const { answer } = outcome;
  await recordAudit(db, {
    userId: access.user.id,
    projectId: access.projectId,
    action: "adjudication.resolve",
    targetType: "queueItem",
    targetId: parsed.queueItemId,
    details: {
      queueId: outcome.queueId,
      revisionId: outcome.revisionId,
      pickedUserId: parsed.pickedUserId,
      ...outcome.key,
      ...(answer.itemType === "sample" ? { targetAbsent: answer.payload.targetAbsent, box: answer.payload.box } : { traceVerdict: answer.payload.traceVerdict }),
    },
  });
  return { queueId: outcome.queueId, revisionId: outcome.revisionId };
}
