import "server-only";
// Pinning and unpinning an item's final answer, inside the caller's write transaction. A pin
// writes a new immutable AnswerRevision (numbered per item), marks the one it replaces
// superseded (it stays in the item's history), points the item at it, sets the item's state
// from the decision, and derives the item again. The revision pins the hash of the inputs it
// was given on (lib/domain/verified-inputs.ts), and settles any change the source made to
// them since the last answer (SourceChange). Reopening marks the current revision superseded
// and leaves the item without a final answer. Nothing else changes finalAnswerId.
import { saidError } from "@/lib/errors/said-error";
import { stateOfDecision, type Decision, type RevisionSource } from "@/lib/domain/item-lifecycle";
import { itemIdOf, itemTable, itemTypeOf, isSampleKey, type ItemKey } from "@/lib/annotations/item-key";
import { revisionColumns, type FinalPayload } from "@/lib/annotations/final-payload";
import { rederiveSamples } from "@/lib/derived/rederive-samples";
import { rederiveTrajectories } from "@/lib/derived/rederive-trajectories";
import type { WriteTx } from "@/lib/db/write-transaction";
import { newRowId } from "@/lib/ids/row-id";
import { verifiedInputsHash, type VerifiedInputs } from "@/lib/domain/verified-inputs";
import { sampleInputsOf, trajectoryInputsOf } from "@/lib/annotations/item-inputs";

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
  /** The item as the caller already locked it in this transaction (lockItem): not locked again. */
  locked?: ItemRow;
};

export type ItemRow = { id: string; status: string; finalAnswerId: string | null };

/**
 * The item's state under the transaction's lock. On PostgreSQL the row is locked FOR NO KEY
 * UPDATE: it serialises every writer of the item (they all take it, or update the row), and,
 * unlike FOR UPDATE, does not wait for the KEY SHARE lock a foreign-key check of another open
 * transaction holds. A save writes the person's answer row (whose foreign key takes KEY SHARE
 * on the item) before it locks the item, so with FOR UPDATE two annotators saving the same
 * item at once each waited for the other: a deadlock (tests/db/save-lock-order.test.ts).
 */
export async function lockItem(w: WriteTx, projectId: string, item: ItemKey): Promise<ItemRow> {
  const table = itemTable(item);
  const rows = await w.exec.all<ItemRow>(
    `SELECT "id", "status", "finalAnswerId" FROM "${table}" WHERE "id" = ? AND "projectId" = ?${w.provider === "postgres" ? " FOR NO KEY UPDATE" : ""}`,
    [itemIdOf(item), projectId],
  );
  const row = rows[0];
  if (!row) throw saidError("not_found", isSampleKey(item) ? "checks.noSuchSample" : "checks.noSuchTrajectory");
  return row;
}

/** Derives the item again (in the caller's transaction). */
export async function rederiveItem(w: WriteTx, projectId: string, item: ItemKey): Promise<void> {
  if (isSampleKey(item)) await rederiveSamples(w.exec, projectId, [item.sampleId]);
  else await rederiveTrajectories(w.exec, projectId, [item.trajectoryId]);
}

async function supersede(w: WriteTx, revisionId: string | null, now: Date, reason: string): Promise<void> {
  if (!revisionId) return;
  await w.exec.run(`UPDATE "AnswerRevision" SET "supersededAt" = ?, "supersededReason" = ? WHERE "id" = ? AND "supersededAt" IS NULL`, [now, reason, revisionId]);
}

/** The item's state and final answer (its updatedAt moves, as Prisma's @updatedAt would). */
async function setItemFinal(w: WriteTx, item: ItemKey, state: { status: string; finalAnswerId: string | null; verifiedAt: Date | null }, now: Date): Promise<void> {
  await w.exec.run(`UPDATE "${itemTable(item)}" SET "status" = ?, "finalAnswerId" = ?, "verifiedAt" = ?, "updatedAt" = ? WHERE "id" = ?`, [
    state.status,
    state.finalAnswerId,
    state.verifiedAt,
    now,
    itemIdOf(item),
  ]);
}

const REVISION_COLUMNS = [
  "id", "projectId", "itemType", "sampleId", "trajectoryId", "revision", "source", "decision", "decidedById", "contributorIds",
  "fromAnnotationId", "fromVersion", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "instructionRewrite", "qualityScore",
  "traceVerdict", "firstWrongStep", "stepLabels", "subGoals", "note", "inputsHash", "createdAt",
] as const;
const JSON_COLUMNS = new Set(["contributorIds", "stepLabels", "subGoals"]);

/** The hash of the item's inputs as they are now, in the caller's transaction. */
export async function currentInputsHash(w: WriteTx, item: ItemKey): Promise<string | null> {
  const inputs: VerifiedInputs | undefined = isSampleKey(item)
    ? (await sampleInputsOf(w.exec, [item.sampleId])).get(item.sampleId)
    : (await trajectoryInputsOf(w.exec, [item.trajectoryId])).get(item.trajectoryId);
  return inputs ? verifiedInputsHash(inputs) : null;
}

export async function pinFinalAnswer(w: WriteTx, input: PinInput): Promise<{ revisionId: string; revision: number }> {
  const { projectId, item, now } = input;
  if (input.answer.itemType !== itemTypeOf(item)) throw saidError("invalid_input", "checks.answerForOtherKind");
  const current = input.locked ?? (await lockItem(w, projectId, item));
  const itemColumn = isSampleKey(item) ? "sampleId" : "trajectoryId";
  const [last] = await w.exec.all<{ n: number | bigint | null }>(`SELECT MAX("revision") AS "n" FROM "AnswerRevision" WHERE "${itemColumn}" = ?`, [itemIdOf(item)]);
  const revision = Number(last?.n ?? 0) + 1;
  const columns = revisionColumns(input.answer);
  const revisionId = newRowId();
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  const row: Record<(typeof REVISION_COLUMNS)[number], unknown> = {
    id: revisionId,
    projectId,
    itemType: itemTypeOf(item),
    sampleId: isSampleKey(item) ? item.sampleId : null,
    trajectoryId: isSampleKey(item) ? null : item.trajectoryId,
    revision,
    source: input.source,
    decision: input.decision,
    decidedById: input.decidedById,
    contributorIds: json(input.contributorIds),
    fromAnnotationId: input.from?.annotationId ?? null,
    fromVersion: input.from?.version ?? null,
    ...columns,
    stepLabels: json(columns.stepLabels),
    subGoals: json(columns.subGoals),
    inputsHash: await currentInputsHash(w, item),
    createdAt: now,
  };
  const values = REVISION_COLUMNS.map((c) => (JSON_COLUMNS.has(c) && w.provider === "postgres" ? "?::jsonb" : "?"));
  await w.exec.run(
    `INSERT INTO "AnswerRevision" (${REVISION_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${values.join(", ")})`,
    REVISION_COLUMNS.map((c) => row[c]),
  );
  await supersede(w, current.finalAnswerId, now, `replaced by revision ${revision}`);
  await setItemFinal(w, item, { status: stateOfDecision(input.decision), finalAnswerId: revisionId, verifiedAt: now }, now);
  // Settled again on the inputs as they are now: a change the source made is dealt with.
  await w.exec.run(`UPDATE "SourceChange" SET "resolvedAt" = ?, "resolvedRevisionId" = ? WHERE "${itemColumn}" = ? AND "resolvedAt" IS NULL`, [now, revisionId, itemIdOf(item)]);
  await rederiveItem(w, projectId, item);
  return { revisionId, revision };
}

/** Takes a settled item back into review: its final answer is superseded, not deleted. The
 * item is "reopened" by a reviewer, "source_changed" by a re-import that changed its inputs. */
export async function unpinFinalAnswer(w: WriteTx, projectId: string, item: ItemKey, now: Date, reason: string, state: "reopened" | "source_changed" = "reopened"): Promise<string | null> {
  const current = await lockItem(w, projectId, item);
  await supersede(w, current.finalAnswerId, now, reason);
  await setItemFinal(w, item, { status: state, finalAnswerId: null, verifiedAt: null }, now);
  await rederiveItem(w, projectId, item);
  return current.finalAnswerId;
}
