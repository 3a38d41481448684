import "server-only";
// Optimistic locking for annotations, shared by every kind of item. A save names the version
// it was based on and lands only through one conditional statement (create when there was
// none, or update where the version still matches); otherwise it is refused with a conflict
// that carries the newer row, so nothing is silently overwritten. The write runs inside the
// caller's transaction; a refusal aborts it, and the conflict is read after it rolled back.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/errors";
import { saidError, saidErrorWith } from "@/lib/errors/said-error";
import type { WriteTx } from "@/lib/db/write-transaction";
import { itemIdOf, isSampleKey, type ItemKey } from "@/lib/annotations/item-key";
import { annotationColumns, annotationFromRow } from "@/lib/annotations/annotation-row";
import { newRowId } from "@/lib/ids/row-id";
import { isUniqueViolation } from "@/lib/db/unique-violation";

export type VersionedSave = {
  projectId: string;
  annotatorId: string;
  item: ItemKey;
  baseVersion: number | null;
  data: Omit<Prisma.AnnotationUncheckedCreateInput, "projectId" | "annotatorId" | "itemType" | "sampleId" | "trajectoryId" | "kind">;
};

/** The save was based on a version that is no longer the row's: a conflict. */
export class StaleVersion extends Error {
  constructor() {
    super("the annotation moved on since it was read");
  }
}

function uniqueWhere(item: ItemKey, annotatorId: string): Prisma.AnnotationWhereUniqueInput {
  return "sampleId" in item
    ? { sampleId_annotatorId_kind: { sampleId: item.sampleId, annotatorId, kind: "label" } }
    : { trajectoryId_annotatorId_kind: { trajectoryId: item.trajectoryId, annotatorId, kind: "label" } };
}

const JSON_COLUMNS = new Set(["stepLabels", "subGoals", "extra"]);

// One statement either way, on the write transaction's executor (a save is the hot path: see
// lib/db/sql-exec.ts); `updatedAt` is set as Prisma's @updatedAt would set it.
export async function writeVersioned(w: WriteTx, save: VersionedSave) {
  const itemColumn = isSampleKey(save.item) ? "sampleId" : "trajectoryId";
  const now = new Date();
  const data = Object.entries(save.data).filter(([, value]) => value !== undefined);
  const value = ([column, v]: [string, unknown]) => (JSON_COLUMNS.has(column) ? (v === null ? null : JSON.stringify(v)) : v);
  const placeholder = (column: string) => (JSON_COLUMNS.has(column) && w.provider === "postgres" ? "?::jsonb" : "?");
  if (save.baseVersion === null) {
    // A unique violation here (the other first save won) escapes the transaction: isStaleWrite.
    const columns = ["id", "projectId", "annotatorId", "itemType", "kind", itemColumn, ...data.map(([c]) => c), "createdAt", "updatedAt"];
    const rows = await w.exec.all<Record<string, unknown>>(
      `INSERT INTO "Annotation" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(placeholder).join(", ")}) RETURNING ${annotationColumns()}`,
      [newRowId(), save.projectId, save.annotatorId, isSampleKey(save.item) ? "sample" : "trajectory", "label", itemIdOf(save.item), ...data.map(value), now, now],
    );
    return annotationFromRow(rows[0]!);
  }
  const rows = await w.exec.all<Record<string, unknown>>(
    `UPDATE "Annotation" SET ${data.map(([c]) => `"${c}" = ${placeholder(c)}`).join(", ")}, "version" = "version" + 1, "updatedAt" = ?
      WHERE "${itemColumn}" = ? AND "annotatorId" = ? AND "kind" = 'label' AND "version" = ?
      RETURNING ${annotationColumns()}`,
    [...data.map(value), now, itemIdOf(save.item), save.annotatorId, save.baseVersion],
  );
  if (!rows.length) throw new StaleVersion();
  return annotationFromRow(rows[0]!);
}

/** A refused save: stale, or a first save that lost the race for the unique row. */
export function isStaleWrite(error: unknown): boolean {
  return error instanceof StaleVersion || isUniqueViolation(error);
}

export type AnnotationRow = Prisma.AnnotationGetPayload<object>;

/** The conflict to show: the newer row, described as the screen shows answers. */
export async function conflictError(db: Db, save: Pick<VersionedSave, "item" | "annotatorId">, describe: (row: AnnotationRow) => unknown): Promise<AppError> {
  const current = await db.annotation.findUnique({ where: uniqueWhere(save.item, save.annotatorId) });
  return saidErrorWith("conflict", {
    current: current ? { version: current.version, status: current.status, updatedAt: current.updatedAt.toISOString(), payload: describe(current) } : null,
  }, "checks.answerSavedElsewhere");
}
