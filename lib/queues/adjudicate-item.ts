import "server-only";
// A reviewer settles a queue item whose answers disagreed: their answer (one of the
// annotators' picked as is, or edited) becomes the final answer, a kind "adjudication"
// annotation by the reviewer; the sample or trajectory is verified; the item is "verified"
// with resolution "adjudication", by whom and when. Under the item's lock, and only while the
// item still awaits adjudication: when someone else settled it meanwhile, this is refused as a
// conflict naming who and when, and nothing is overwritten.
import { z } from "zod";
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { groundingProblem, GroundingPayloadSchema } from "@/lib/annotations/grounding-payload";
import { CLAIM_TRANSACTION, lockQueueItem } from "@/lib/queues/claim-locks";
import { writeFinalAnswer, type FinalAnswer } from "@/lib/queues/write-final-answer";
import { trajectoryProblem, TrajectoryPayloadSchema } from "@/lib/trajectories/trajectory-payload";

const Id = z.string().min(1).max(40);

export const AdjudicationInputSchema = z.discriminatedUnion("itemType", [
  // pickedUserId: whose answer the reviewer started from (for the audit log), null if none.
  z.object({ queueItemId: Id, itemType: z.literal("sample"), payload: GroundingPayloadSchema, pickedUserId: Id.nullable() }),
  z.object({ queueItemId: Id, itemType: z.literal("trajectory"), payload: TrajectoryPayloadSchema, pickedUserId: Id.nullable() }),
]);
export type AdjudicationInput = z.input<typeof AdjudicationInputSchema>;

function describeResolution(item: { status: string; resolution: string | null; resolvedAt: Date | null; resolvedBy: string | null }): string {
  if (item.status !== "verified") return `This item no longer awaits adjudication (it is ${item.status}).`;
  const how = item.resolution === "consensus" ? "by consensus" : item.resolvedBy ? `by ${item.resolvedBy}` : `by ${item.resolution ?? "someone"}`;
  const when = item.resolvedAt ? ` at ${item.resolvedAt.toISOString().slice(0, 16).replace("T", " ")} UTC` : "";
  return `Someone settled this item while you were on it: it was resolved ${how}${when}. Your answer was not saved.`;
}

export async function adjudicateItem(db: Db, access: ProjectAccess, input: AdjudicationInput, now = new Date()) {
  const parsed = AdjudicationInputSchema.parse(input);
  if (access.role !== "owner" && !roleAtLeast(access.role, "reviewer")) throw new AppError("forbidden", "Adjudication needs the reviewer role.");
  const provider = providerOf(databaseUrlOf(db));
  const outcome = await db.$transaction(async (tx) => {
    await lockQueueItem(tx, provider, parsed.queueItemId);
    const item = await tx.queueItem.findFirst({
      where: { id: parsed.queueItemId, queue: { projectId: access.projectId } },
      include: { queue: { select: { id: true, itemType: true } }, trajectory: { select: { stepCount: true } } },
    });
    if (!item || item.isHoneypot) throw new AppError("not_found", "No such queue item.");
    if (item.status !== "adjudication") {
      const resolvedBy = item.resolvedById ? (await tx.user.findUnique({ where: { id: item.resolvedById }, select: { name: true } }))?.name ?? null : null;
      throw new AppError("conflict", describeResolution({ ...item, resolvedBy }));
    }
    let answer: FinalAnswer;
    if (parsed.itemType === "sample") {
      if (!item.sampleId) throw new AppError("invalid_input", "This item is a trajectory, not a sample.");
      const problem = groundingProblem(parsed.payload);
      if (problem) throw new AppError("invalid_input", `Cannot resolve: ${problem}.`);
      answer = { itemType: "sample", sampleId: item.sampleId, payload: parsed.payload };
    } else {
      if (!item.trajectoryId || !item.trajectory) throw new AppError("invalid_input", "This item is a sample, not a trajectory.");
      const problem = trajectoryProblem(parsed.payload, item.trajectory.stepCount);
      if (problem) throw new AppError("invalid_input", `Cannot resolve: ${problem}.`);
      answer = { itemType: "trajectory", trajectoryId: item.trajectoryId, payload: parsed.payload };
    }
    if (parsed.pickedUserId) {
      const picked = await tx.claim.count({ where: { queueItemId: item.id, userId: parsed.pickedUserId, status: "submitted" } });
      if (!picked) throw new AppError("invalid_input", "The picked answer is not one of this item's.");
    }
    const annotation = await writeFinalAnswer(tx, { projectId: access.projectId, annotatorId: access.user.id, answer, now });
    await tx.queueItem.update({ where: { id: item.id }, data: { status: "verified", resolution: "adjudication", resolvedById: access.user.id, resolvedAt: now } });
    return { annotationId: annotation.id, queueId: item.queue.id, answer };
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
      annotationId: outcome.annotationId,
      pickedUserId: parsed.pickedUserId,
      ...(answer.itemType === "sample"
        ? { sampleId: answer.sampleId, targetAbsent: answer.payload.targetAbsent, box: answer.payload.box }
        : { trajectoryId: answer.trajectoryId, traceVerdict: answer.payload.traceVerdict }),
    },
  });
  return { queueId: outcome.queueId, annotationId: outcome.annotationId };
}
