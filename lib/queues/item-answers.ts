import "server-only";
// The answers a queue item collected: one per submitted claim, the claimer's submitted
// "label" annotation of the item (null if they have none), in the order the claims were
// submitted. That order numbers the annotators 1..N on the adjudication screen.
import type { Db } from "@/lib/db";
import type { Annotation } from "@/lib/generated/sqlite/client";

export type ItemAnswer = { userId: string; name: string; annotation: Annotation | null };

export async function itemAnswers(
  db: Pick<Db, "claim" | "annotation">,
  queueItem: { id: string; sampleId: string | null; trajectoryId: string | null },
): Promise<ItemAnswer[]> {
  const claims = await db.claim.findMany({
    where: { queueItemId: queueItem.id, status: "submitted" },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    select: { userId: true, user: { select: { name: true } } },
  });
  const item = queueItem.sampleId ? { sampleId: queueItem.sampleId } : { trajectoryId: queueItem.trajectoryId };
  const annotations = await db.annotation.findMany({
    where: { ...item, kind: "label", status: "submitted", annotatorId: { in: claims.map((c) => c.userId) } },
  });
  const byUser = new Map(annotations.map((a) => [a.annotatorId, a]));
  return claims.map((c) => ({ userId: c.userId, name: c.user.name, annotation: byUser.get(c.userId) ?? null }));
}
