import "server-only";
// Optimistic locking for annotations, shared by every kind of item. A save names the version
// it was based on and lands only through one conditional statement (create when there was
// none, or update where the version still matches); otherwise it is refused with a conflict
// that carries the newer row, so nothing is silently overwritten. The write runs inside the
// caller's transaction; a refusal aborts it, and the conflict is read after it rolled back.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/errors";
import type { Tx } from "@/lib/queues/claim-locks";
import type { ItemKey } from "@/lib/annotations/item-key";

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

export async function writeVersioned(tx: Tx, save: VersionedSave) {
  const itemType = "sampleId" in save.item ? "sample" : "trajectory";
  if (save.baseVersion === null) {
    // A unique violation here (the other first save won) escapes the transaction: isStaleWrite.
    return tx.annotation.create({ data: { projectId: save.projectId, annotatorId: save.annotatorId, itemType, kind: "label", ...save.item, ...save.data } });
  }
  const { count } = await tx.annotation.updateMany({
    where: { ...save.item, annotatorId: save.annotatorId, kind: "label", version: save.baseVersion },
    data: { ...save.data, version: { increment: 1 } },
  });
  if (count === 0) throw new StaleVersion();
  return tx.annotation.findUniqueOrThrow({ where: uniqueWhere(save.item, save.annotatorId) });
}

/** A refused save: stale, or a first save that lost the race for the unique row. */
export function isStaleWrite(error: unknown): boolean {
  if (error instanceof StaleVersion) return true;
  return typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === "P2002";
}

export type AnnotationRow = Prisma.AnnotationGetPayload<object>;

/** The conflict to show: the newer row, described as the screen shows answers. */
export async function conflictError(db: Db, save: Pick<VersionedSave, "item" | "annotatorId">, describe: (row: AnnotationRow) => unknown): Promise<AppError> {
  const current = await db.annotation.findUnique({ where: uniqueWhere(save.item, save.annotatorId) });
  return new AppError("conflict", "This answer was saved elsewhere (another tab or device) after you opened it.", {
    current: current ? { version: current.version, status: current.status, updatedAt: current.updatedAt.toISOString(), payload: describe(current) } : null,
  });
}
