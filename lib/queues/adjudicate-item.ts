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
import { saidError } from "@/lib/errors/said-error";
import { isReviewerRole } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { boxOutsideImage, groundingProblem, GroundingPayloadSchema } from "@/lib/annotations/grounding-payload";
import { pinFinalAnswer } from "@/lib/annotations/answer-revisions";
import type { FinalPayload } from "@/lib/annotations/final-payload";
import type { ItemKey } from "@/lib/annotations/item-key";
import { writeTxOf } from "@/lib/db/write-transaction";
import { CLAIM_TRANSACTION, lockQueueItem } from "@/lib/queues/claim-locks";
import { trajectoryProblem, TrajectoryPayloadSchema } from "@/lib/domain/trajectory-payload";
import { statusWord } from "@/lib/i18n/status-word";
import { itemAnswers, type ItemAnswer } from "@/lib/queues/item-answers";
import { payloadOf } from "@/lib/annotations/save-annotation";
import { trajectoryPayloadOf } from "@/lib/trajectories/save-trajectory-annotation";
import { formatCoordinates } from "@/lib/i18n/format";
import type { Annotation } from "@/lib/generated/sqlite/client";

const Id = z.string().min(1).max(40);

/** One answer as the adjudication page showed it: whose, which annotation, which version (null: none yet). */
export const ShownAnswerSchema = z.object({ userId: Id, annotationId: Id.nullable(), version: z.number().int().min(1).nullable() });
export type ShownAnswer = z.infer<typeof ShownAnswerSchema>;
// The answers the page showed, so a pick is refused when any changed since it loaded. The
// screens always send them; a caller that does not (a script, a test) adjudicates the answers
// as they are now.
const Shown = z.array(ShownAnswerSchema).max(100).optional();

export const AdjudicationInputSchema = z.discriminatedUnion("itemType", [
  // pickedUserId: whose answer the reviewer started from (for the audit log), null if none.
  z.object({ queueItemId: Id, itemType: z.literal("sample"), payload: GroundingPayloadSchema, pickedUserId: Id.nullable(), shown: Shown }),
  z.object({ queueItemId: Id, itemType: z.literal("trajectory"), payload: TrajectoryPayloadSchema, pickedUserId: Id.nullable(), shown: Shown }),
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

/** A stored answer in a few English words, for the refusal ("box 10, 20.5, 30, 40", "failure"). */
function describeStoredAnswer(annotation: Annotation): string {
  if (annotation.itemType === "trajectory") return trajectoryPayloadOf(annotation).traceVerdict ?? "no verdict";
  const payload = payloadOf(annotation);
  if (payload.targetAbsent) return "target absent";
  return payload.box ? `box ${formatCoordinates("en", payload.box)}` : "no box";
}

/** Refuses a pick made on answers that changed since the page loaded, naming the answer, the
 * version shown and the one stored now (the screen keeps the shown one beside the message). */
function refuseStaleAnswers(shown: readonly ShownAnswer[], answers: readonly ItemAnswer[]): void {
  const seen = new Map(shown.map((s) => [s.userId, s]));
  for (const [index, answer] of answers.entries()) {
    const was = seen.get(answer.userId);
    const now = answer.annotation ? { annotationId: answer.annotation.id, version: answer.annotation.version } : { annotationId: null, version: null };
    if (was && was.annotationId === now.annotationId && was.version === now.version) continue;
    throw saidError("conflict", "checks.adjudicationAnswerChanged", {
      who: `${index + 1} (${answer.name})`,
      was: was?.version == null ? "none" : String(was.version),
      now: now.version === null ? "none" : String(now.version),
      answer: answer.annotation ? describeStoredAnswer(answer.annotation) : "none",
    });
  }
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
    const answers = await itemAnswers(w.exec, item);
    if (parsed.shown) refuseStaleAnswers(parsed.shown, answers);
    const picked = parsed.pickedUserId ? answers.find((a) => a.userId === parsed.pickedUserId) : null;
    if (parsed.pickedUserId && !picked) throw saidError("invalid_input", "checks.pickedAnswerNotHere");
    const pinned = await pinFinalAnswer(w, {
      projectId: access.projectId,
      item: key,
      answer,
      source: "adjudication",
      decision: "accept",
      decidedById: access.user.id,
      contributorIds: [access.user.id],
      // The stored answer the reviewer started from, at the version the page showed.
      from: picked?.annotation ? { annotationId: picked.annotation.id, version: picked.annotation.version } : undefined,
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
