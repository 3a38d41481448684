import "server-only";
// Writes imported human labels (AnnotationRecord) as the annotations of the people who gave
// them, each under its placeholder account (lib/users/placeholders.ts), one transaction per
// label, and fits each into the item lifecycle (lib/domain/item-lifecycle.ts) as that
// person's own submit would:
//   - draft: a draft, nothing else;
//   - submitted: an annotator's answer: an unreviewed (or reopened) item goes in review; on an
//     item already settled it is kept as their answer (an import makes no proposals);
//   - verified: also pinned as the final answer, an AnswerRevision with source "import",
//     credited to the annotator (contributorIds) and decided by the person who ran the
//     import (decidedById; null from the command line, which has no user): they chose to take
//     these labels as final. An item that already has another final answer keeps it; the label
//     is kept as the annotator's answer and the report says so.
// Re-importing is idempotent and never overrides work done in Verity: a row keeps the hash
// of the label the import wrote and the version it left (importedHash, importedVersion).
// The same label again is "unchanged"; a label the source changed replaces the imported one
// only while nobody has changed that row in Verity; otherwise, and against a row made in
// Verity, the file's label is refused and reported with its file and line.
// Pinning derives the item in its own transaction (pinFinalAnswer); every item written is also
// handed to the batch's re-derivation (touched ids, run-import.ts).
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record";
import { isSettled, isWaitingForReview, type ItemState } from "@/lib/domain/item-lifecycle";
import { answerKinds } from "@/lib/annotations/answer-kinds";
import { lockItem, pinFinalAnswer } from "@/lib/annotations/answer-revisions";
import { revisionColumns, type FinalPayload } from "@/lib/annotations/final-payload";
import { itemIdOf, itemTypeOf, isSampleKey, type ItemKey } from "@/lib/annotations/item-key";
import { inWriteTransaction, type WriteTx } from "@/lib/db/write-transaction";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { AnnotationRecord } from "@/lib/imports/records";
import { contentHash, sameJson } from "@/lib/domain/content-hash";
import { labelAnswer } from "@/lib/imports/write/label-payload";
import { findLabelItem } from "@/lib/imports/write/label-targets";
import { note, reject, type FormatReport } from "@/lib/imports/write/report";
import type { TouchedIds } from "@/lib/imports/write/touched";
import { settleQueueItemsOf } from "@/lib/annotations/settle-queue-items";
import { ensureImportedAnnotator, placeholderDisplayName } from "@/lib/users/placeholders";

export type AnnotationContext = { db: Db; projectId: string; report: FormatReport; touched: TouchedIds; actorId: string | null };

type Columns = Record<string, unknown>;
type Outcome = { kind: "created" | "updated" | "unchanged" } | { kind: "conflict"; reason: string };

const where = (item: ItemKey, userId: string) => ({ ...item, annotatorId: userId, kind: "label" });
const rowStatus = (status: AnnotationRecord["status"]) => (status === "draft" ? "draft" : "submitted");

function columnsOf(answer: FinalPayload): Columns {
  return answer.itemType === "sample" ? answerKinds.sample.columns(answer.payload) : answerKinds.trajectory.columns(answer.payload);
}

function sameAnswer(row: Record<string, unknown>, columns: Columns): boolean {
  return Object.entries(columns).every(([k, v]) => sameJson(row[k], v));
}

/** Writes the annotation row; returns what happened to it. */
async function writeRow(w: WriteTx, ctx: AnnotationContext, record: AnnotationRecord, item: ItemKey, userId: string, answer: FinalPayload, now: Date) {
  const columns = columnsOf(answer);
  const hash = contentHash({ status: record.status, columns });
  const status = rowStatus(record.status);
  const submittedAt = status === "submitted" ? (record.submittedAt ?? now) : null;
  const extra = (record.extra ?? undefined) as Prisma.InputJsonValue | undefined;
  const existing = await w.tx.annotation.findFirst({ where: where(item, userId) });
  if (!existing) {
    const row = await w.tx.annotation.create({
      data: { projectId: ctx.projectId, annotatorId: userId, itemType: itemTypeOf(item), kind: "label", ...item, ...columns, stepLabels: columns.stepLabels as Prisma.InputJsonValue | undefined, status, submittedAt, importedHash: hash, importedVersion: 1, extra },
    });
    return { outcome: { kind: "created" } as Outcome, row };
  }
  if (existing.importedHash === hash) return { outcome: { kind: "unchanged" } as Outcome, row: existing };
  const isUntouchedImport = existing.importedHash !== null && existing.version === existing.importedVersion;
  if (!isUntouchedImport) {
    // The same answer made (or kept) in Verity: nothing to say.
    if (existing.status === status && sameAnswer(existing, columns)) return { outcome: { kind: "unchanged" } as Outcome, row: existing };
    const why = existing.importedHash === null ? "was made in Verity" : `was changed in Verity since it was imported (version ${existing.version})`;
    return { outcome: { kind: "conflict", reason: `not applied: this annotator's label on the item ${why} and differs from the file's; the label in Verity is kept` } as Outcome, row: existing };
  }
  const version = existing.version + 1;
  const { count } = await w.tx.annotation.updateMany({
    where: { id: existing.id, version: existing.version },
    data: { ...columns, stepLabels: columns.stepLabels as Prisma.InputJsonValue | undefined, status, submittedAt, importedHash: hash, importedVersion: version, version, extra, proposal: null },
  });
  // Someone saved over it meanwhile: the write is retried and then meets their version.
  if (count === 0) throw new Error("the annotation changed while the import wrote it");
  return { outcome: { kind: "updated" } as Outcome, row: { ...existing, id: existing.id, version } };
}

/** What the label does to the item, as its annotator's submit would (see the header). */
async function applyToItem(w: WriteTx, ctx: AnnotationContext, record: AnnotationRecord, item: ItemKey, row: { id: string; version: number }, userId: string, answer: FinalPayload, now: Date) {
  if (record.status === "draft") return;
  const current = await lockItem(w, ctx.projectId, item);
  const state = current.status as ItemState;
  if (record.status === "submitted") {
    if (!isWaitingForReview(state)) return;
    if (isSampleKey(item)) await w.tx.groundingSample.update({ where: { id: item.sampleId }, data: { status: "in_review" }, select: { id: true } });
    else await w.tx.trajectory.update({ where: { id: item.trajectoryId }, data: { status: "in_review" }, select: { id: true } });
    return;
  }
  const final = current.finalAnswerId ? await w.tx.answerRevision.findUnique({ where: { id: current.finalAnswerId } }) : null;
  if (isSettled(state) && final) {
    if (final.decision === "accept" && sameAnswer(final, revisionColumns(answer))) return;
    // Only a final answer this very import pinned from this label follows the label's changes.
    const isOwnPin = final.source === "import" && final.fromAnnotationId === row.id;
    if (!isOwnPin) {
      note(ctx.report, record.location, `kept as ${placeholderDisplayName(record.annotator)}'s answer, not pinned: the item's final answer is revision ${final.revision} (${final.source}), decided in Verity`);
      return;
    }
  }
  await pinFinalAnswer(w, { projectId: ctx.projectId, item, answer, source: "import", decision: "accept", decidedById: ctx.actorId, contributorIds: [userId], from: { annotationId: row.id, version: row.version }, now });
  await settleQueueItemsOf(w, ctx.projectId, item, ctx.actorId ?? userId, now);
  ctx.report.labels.finalAnswers += 1;
}

/** One label; the caller retries it on a failed write (run-import.ts). */
export async function writeAnnotation(ctx: AnnotationContext, record: AnnotationRecord): Promise<void> {
  const { db, projectId, report } = ctx;
  const found = await findLabelItem(db, projectId, record.target);
  if (!found.ok) return reject(report, record.location, found.reason);
  const built = labelAnswer(record, found.item);
  if (!built.ok) return reject(report, record.location, built.reason);
  const item = found.item.key;
  const now = new Date();
  const result = await inWriteTransaction(db, projectId, async (w) => {
    const annotator = await ensureImportedAnnotator(w.tx, projectId, record.annotator);
    const written = await writeRow(w, ctx, record, item, annotator.userId, built.answer, now);
    if (written.outcome.kind === "created" || written.outcome.kind === "updated") {
      await applyToItem(w, ctx, record, item, written.row, annotator.userId, built.answer, now);
      await recordAudit(w.tx, {
        userId: ctx.actorId,
        projectId,
        action: "annotation.import",
        targetType: itemTypeOf(item),
        targetId: itemIdOf(item),
        details: { annotatorId: annotator.userId, status: record.status, outcome: written.outcome.kind, file: record.location.file, line: record.location.line },
      });
    }
    return { outcome: written.outcome, isNewAnnotator: annotator.created };
  });
  if (result.isNewAnnotator) {
    report.labels.placeholders += 1;
    note(report, record.location, `new placeholder account "${placeholderDisplayName(record.annotator)}": link it to a person on the Users page`);
  }
  switch (result.outcome.kind) {
    case "created":
      report.labels.annotations += 1;
      break;
    case "updated":
      report.updated += 1;
      break;
    case "unchanged":
      report.unchanged += 1;
      break;
    case "conflict":
      reject(report, record.location, result.outcome.reason);
      return;
  }
  if (result.outcome.kind !== "unchanged") {
    if (isSampleKey(item)) ctx.touched.samples.add(item.sampleId);
    else ctx.touched.trajectories.add(item.trajectoryId);
  }
}

