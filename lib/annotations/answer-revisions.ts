import "server-only";
// Pinning and unpinning an item's final answer, inside the caller's write transaction. A pin
// writes a new immutable AnswerRevision (numbered per item), marks the one it replaces
// superseded (it stays in the item's history), points the item at it, sets the item's state
// from the decision, and derives the item again. Reopening marks the current revision
// superseded and leaves the item without a final answer. Nothing else changes finalAnswerId.
import type { Prisma } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/errors";
import { stateOfDecision, type Decision, type RevisionSource } from "@/lib/domain/item-lifecycle";
import { itemIdOf, itemTable, itemTypeOf, isSampleKey, type ItemKey } from "@/lib/annotations/item-key";
import { revisionColumns, type FinalPayload } from "@/lib/annotations/final-payload";
import { rederiveSamples } from "@/lib/derived/rederive-samples";
import { rederiveTrajectories } from "@/lib/derived/rederive-trajectories";
import type { WriteTx } from "@/lib/derived/write-transaction";

export type PinInput = {
  projectId: string;
  item: ItemKey;
  answer: FinalPayload;
  source: RevisionSource;
  decision: Decision;
  decidedById: string | null;
  contributorIds: string[];
  from?: { annotationId: string; version: number } | null;
  now: Date;
};

type ItemRow = { id: string; status: string; finalAnswerId: string | null };

/** The item's state under the transaction's lock (PostgreSQL: the row is locked for update). */
export async function lockItem(w: WriteTx, projectId: string, item: ItemKey): Promise<ItemRow> {
  const table = itemTable(item);
  const rows = await w.exec.all<ItemRow>(
    `SELECT "id", "status", "finalAnswerId" FROM "${table}" WHERE "id" = ? AND "projectId" = ?${w.provider === "postgres" ? " FOR UPDATE" : ""}`,
    [itemIdOf(item), projectId],
  );
  const row = rows[0];
  if (!row) throw new AppError("not_found", isSampleKey(item) ? "No such sample." : "No such trajectory.");
  return row;
}

/** Derives the item again (in the caller's transaction). */
export async function rederiveItem(w: WriteTx, projectId: string, item: ItemKey): Promise<void> {
  if (isSampleKey(item)) await rederiveSamples(w.exec, projectId, [item.sampleId]);
  else await rederiveTrajectories(w.exec, projectId, [item.trajectoryId]);
}

async function supersede(w: WriteTx, revisionId: string | null, now: Date, reason: string): Promise<void> {
  if (!revisionId) return;
  await w.tx.answerRevision.updateMany({ where: { id: revisionId, supersededAt: null }, data: { supersededAt: now, supersededReason: reason } });
}

export async function pinFinalAnswer(w: WriteTx, input: PinInput): Promise<{ revisionId: string; revision: number }> {
  const { projectId, item, now } = input;
  if (input.answer.itemType !== itemTypeOf(item)) throw new AppError("invalid_input", "The answer is for another kind of item.");
  const current = await lockItem(w, projectId, item);
  const last = await w.tx.answerRevision.aggregate({ where: isSampleKey(item) ? { sampleId: item.sampleId } : { trajectoryId: item.trajectoryId }, _max: { revision: true } });
  const revision = (last._max.revision ?? 0) + 1;
  const columns = revisionColumns(input.answer);
  const created = await w.tx.answerRevision.create({
    data: {
      projectId,
      itemType: itemTypeOf(item),
      ...item,
      revision,
      source: input.source,
      decision: input.decision,
      decidedById: input.decidedById,
      contributorIds: input.contributorIds,
      fromAnnotationId: input.from?.annotationId ?? null,
      fromVersion: input.from?.version ?? null,
      ...columns,
      stepLabels: (columns.stepLabels ?? undefined) as Prisma.InputJsonValue | undefined,
      subGoals: (columns.subGoals ?? undefined) as Prisma.InputJsonValue | undefined,
      createdAt: now,
    },
    select: { id: true },
  });
  await supersede(w, current.finalAnswerId, now, `replaced by revision ${revision}`);
  const data = { status: stateOfDecision(input.decision), finalAnswerId: created.id, verifiedAt: now };
  if (isSampleKey(item)) await w.tx.groundingSample.update({ where: { id: item.sampleId }, data, select: { id: true } });
  else await w.tx.trajectory.update({ where: { id: item.trajectoryId }, data, select: { id: true } });
  await rederiveItem(w, projectId, item);
  return { revisionId: created.id, revision };
}

/** Takes a settled item back into review: its final answer is superseded, not deleted. */
export async function unpinFinalAnswer(w: WriteTx, projectId: string, item: ItemKey, now: Date, reason: string): Promise<string | null> {
  const current = await lockItem(w, projectId, item);
  await supersede(w, current.finalAnswerId, now, reason);
  const data = { status: "reopened", finalAnswerId: null, verifiedAt: null };
  if (isSampleKey(item)) await w.tx.groundingSample.update({ where: { id: item.sampleId }, data, select: { id: true } });
  else await w.tx.trajectory.update({ where: { id: item.trajectoryId }, data, select: { id: true } });
  await rederiveItem(w, projectId, item);
  return current.finalAnswerId;
}
