import "server-only";
// Optimistic locking for annotations, shared by every kind of item. A save names the version
// it was based on and lands only through one conditional statement (create when there was
// none, or update where the version still matches); otherwise it is refused with a conflict
// that carries the newer row, so nothing is silently overwritten.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/errors";

type Item = { sampleId: string } | { trajectoryId: string };

export type VersionedSave = {
  projectId: string;
  annotatorId: string;
  item: Item;
  baseVersion: number | null;
  data: Omit<Prisma.AnnotationUncheckedCreateInput, "projectId" | "annotatorId" | "itemType" | "sampleId" | "trajectoryId" | "kind">;
  /** Turns the newer row into what the screen shows beside the person's own answer. */
  describe: (row: Prisma.AnnotationGetPayload<object>) => unknown;
};

function uniqueWhere(item: Item, annotatorId: string): Prisma.AnnotationWhereUniqueInput {
  return "sampleId" in item
    ? { sampleId_annotatorId_kind: { sampleId: item.sampleId, annotatorId, kind: "label" } }
    : { trajectoryId_annotatorId_kind: { trajectoryId: item.trajectoryId, annotatorId, kind: "label" } };
}

async function conflict(db: Db, save: VersionedSave): Promise<never> {
  const current = await db.annotation.findUnique({ where: uniqueWhere(save.item, save.annotatorId) });
  throw new AppError("conflict", "This answer was saved elsewhere (another tab or device) after you opened it.", {
    current: current ? { version: current.version, status: current.status, updatedAt: current.updatedAt.toISOString(), payload: save.describe(current) } : null,
  });
}

export async function saveVersioned(db: Db, save: VersionedSave) {
  const itemType = "sampleId" in save.item ? "sample" : "trajectory";
  if (save.baseVersion === null) {
    try {
      return await db.annotation.create({
        data: { projectId: save.projectId, annotatorId: save.annotatorId, itemType, kind: "label", ...save.item, ...save.data },
      });
    } catch {
      // The unique (item, annotator, kind) row appeared meanwhile: the other first save won.
      return conflict(db, save);
    }
  }
  const { count } = await db.annotation.updateMany({
    where: { ...save.item, annotatorId: save.annotatorId, kind: "label", version: save.baseVersion },
    data: { ...save.data, version: { increment: 1 } },
  });
  if (count === 0) return conflict(db, save);
  return db.annotation.findUniqueOrThrow({ where: uniqueWhere(save.item, save.annotatorId) });
}
