import "server-only";
// Saving a person's answer to a sample or a trajectory, one transaction per save:
//  - a draft is the person's own working copy (optimistic locking on its version); it never
//    touches the item's final answer, and saving one withdraws an open proposal;
//  - a submit also applies the lifecycle (lib/domain/item-lifecycle.ts): a reviewer's answer
//    is pinned as a new revision of the final answer (unless it equals the current one), an
//    annotator's puts the item in review, counts as a queue answer, is graded as a honeypot
//    answer, or, on a settled item outside a queue, becomes a proposal for a reviewer.
// An annotator gets the same reply whichever of these happened, so submitting to an item
// tells them nothing about its standing.
import type { Db } from "@/lib/db";
import { saidError, saidErrorWith } from "@/lib/errors/said-error";
import { isReviewerRole } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { insertAudit } from "@/lib/audit/record";
import { canonicalJson } from "@/lib/domain/canonical-json";
import { stateAfterSubmit, submitOutcome, type ItemState, type SubmitOutcome } from "@/lib/domain/item-lifecycle";
import { lockItem, pinFinalAnswer, type ItemRow } from "@/lib/annotations/answer-revisions";
import { answerKinds, type AnswerKind, type SaveAnswerInput } from "@/lib/annotations/answer-kinds";
import { itemIdOf, itemTable, itemTypeOf, isSampleKey, type ItemKey } from "@/lib/annotations/item-key";
import { revisionColumns } from "@/lib/annotations/final-payload";
import { conflictError, isStaleWrite, writeVersioned } from "@/lib/annotations/versioned-save";
import type { WriteTx } from "@/lib/db/write-transaction";
import { inConnectionTransaction } from "@/lib/db/connection-transaction";
import { claimOnItem } from "@/lib/annotations/claim-on-item";
import { settleQueueItemsOf } from "@/lib/annotations/settle-queue-items";

export type { SaveAnswerInput } from "@/lib/annotations/answer-kinds";
export type SavedAnnotation = { id: string; version: number; status: string; updatedAt: string };
// `answeredClaimId`: on a submit, the caller's active queue claim on the item, now answered (the
// server's, never the client's: lib/queues/move-on-in-queue.ts closes it without asking again).
export type SaveAnswerResult = { saved: SavedAnnotation; outcome: SubmitOutcome | "draft" | "unchanged"; answeredClaimId?: string };

/** A reviewer submitting exactly the current final answer again makes no new revision. */
async function currentFinalEquals(w: WriteTx, finalAnswerId: string | null, columns: ReturnType<typeof revisionColumns>): Promise<boolean> {
  if (!finalAnswerId) return false;
  const final = await w.tx.answerRevision.findUnique({ where: { id: finalAnswerId } });
  if (!final || final.decision !== "accept") return false;
  const keys = Object.keys(columns) as (keyof typeof columns)[];
  return keys.every((k) => canonicalJson(final[k as keyof typeof final]) === canonicalJson(columns[k]));
}

/** A reviewer's submit based on an older final answer than the item's: refused, with the newer
 * one (who pinned it, when, what it says) for the screen to show beside the reviewer's own. */
async function refuseNewerFinal(w: WriteTx, access: ProjectAccess, kind: AnswerKind, finalAnswerId: string, baseVersion: number | null, status: string) {
  const final = await w.tx.answerRevision.findUnique({ where: { id: finalAnswerId } });
  // The reviewer's own earlier pin (a second submit from the same screen) replaces nothing of anyone else's.
  if (final?.decidedById === access.user.id) return;
  const by = final?.decidedById ? ((await w.tx.user.findUnique({ where: { id: final.decidedById }, select: { name: true } }))?.name ?? null) : null;
  const at = final?.createdAt ?? new Date();
  const seconds = Math.max(0, Math.round((Date.now() - at.getTime()) / 1000));
  throw saidErrorWith(
    "conflict",
    // The person's own annotation is unchanged (the transaction rolls back): its version stays the base.
    { current: { version: baseVersion, status, updatedAt: at.toISOString(), payload: final ? kind.payloadOf(final as never) : null, final: { revisionId: finalAnswerId, by, at: at.toISOString() } } },
    "checks.finalAnswerChangedMeanwhile",
    { who: by ?? "someone", ago: seconds < 120 ? `${seconds} s` : seconds < 7200 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h` },
  );
}

async function applySubmit(w: WriteTx, access: ProjectAccess, kind: AnswerKind, item: ItemKey, row: { id: string; version: number; status: string; updatedAt: Date }, payload: unknown, outcome: SubmitOutcome, current: ItemRow, now: Date, baseFinalAnswerId: string | null | undefined) {
  const { projectId } = access;
  switch (outcome) {
    case "pin": {
      const answer = kind.final(payload);
      if (await currentFinalEquals(w, current.finalAnswerId, revisionColumns(answer))) return "unchanged" as const;
      if (baseFinalAnswerId !== undefined && current.finalAnswerId !== null && current.finalAnswerId !== baseFinalAnswerId) await refuseNewerFinal(w, access, kind, current.finalAnswerId, row.version === 1 ? null : row.version - 1, row.status);
      await pinFinalAnswer(w, { projectId, item, answer, source: "review", decision: "accept", decidedById: access.user.id, contributorIds: [access.user.id], from: { annotationId: row.id, version: row.version }, now, locked: current });
      await settleQueueItemsOf(w, projectId, item, access.user.id, now);
      return outcome;
    }
    case "in_review":
    case "queue_answer": {
      const next = stateAfterSubmit(current.status as ItemState, outcome);
      if (next !== current.status) {
        await w.exec.run(`UPDATE "${itemTable(item)}" SET "status" = ?, "updatedAt" = ? WHERE "id" = ?`, [next, now, itemIdOf(item)]);
      }
      return outcome;
    }
    case "proposal":
      await w.exec.run(`UPDATE "Annotation" SET "proposal" = 'open', "updatedAt" = ? WHERE "id" = ?`, [now, row.id]);
      return outcome;
    case "graded":
    case "kept":
      return outcome;
  }
}

export async function saveAnswer(db: Db, access: ProjectAccess, input: SaveAnswerInput): Promise<SaveAnswerResult> {
  const kind = answerKinds[input.itemType];
  const item = kind.key(input.itemId);
  const known = await kind.load(db, access.projectId, input.itemId);
  if (!known) throw saidError("not_found", isSampleKey(item) ? "checks.noSuchSample" : "checks.noSuchTrajectory");
  const payload = kind.parse(input.payload);
  if (input.status === "submitted") {
    const problem = kind.problem(payload, known);
    if (problem) throw saidError("invalid_input", "checks.cannotSubmit", { problem });
  }
  const actor = isReviewerRole(access.role) ? "reviewer" : "annotator";
  const claim = input.status === "submitted" ? await claimOnItem(db, access.projectId, access.user.id, item) : null;
  const save = { projectId: access.projectId, annotatorId: access.user.id, item, baseVersion: input.baseVersion };
  const now = new Date();
  try {
    // The hot path's own transaction: every write below goes through w.exec (connection-transaction.ts).
    return await inConnectionTransaction(db, async (w) => {
      const row = await writeVersioned(w, {
        ...save,
        data: { ...kind.columns(payload), status: input.status, submittedAt: input.status === "submitted" ? now : null, proposal: null },
      });
      const saved = { id: row.id, version: row.version, status: row.status, updatedAt: row.updatedAt.toISOString() };
      if (input.status === "draft") return { saved, outcome: "draft" as const };
      const current = await lockItem(w, access.projectId, item);
      const outcome = await applySubmit(w, access, kind, item, row, payload, submitOutcome(current.status as ItemState, actor, claim?.claim ?? null), current, now, input.baseFinalAnswerId);
      await insertAudit(w.exec, {
        userId: access.user.id,
        projectId: access.projectId,
        action: "annotation.submit",
        targetType: itemTypeOf(item),
        targetId: itemIdOf(item),
        // The outcome names a proposal or a honeypot answer: annotators never read audit rows of others.
        details: { version: row.version, outcome, ...(claim ? { claimId: claim.claimId } : {}) },
      });
      return { saved, outcome, ...(claim?.status === "active" ? { answeredClaimId: claim.claimId } : {}) };
    });
  } catch (error) {
    if (isStaleWrite(error)) throw await conflictError(db, save, kind.payloadOf);
    throw error;
  }
}
