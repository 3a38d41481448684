import "server-only";
// The answers a queue item collected: one per submitted claim, the claimer's submitted
// "label" annotation of the item (null if they have none), in the order the claims were
// submitted. That order numbers the annotators 1..N on the adjudication screen.
// Raw SQL on the caller's executor: a claim submit resolves the item with it, in its transaction.
import type { Annotation } from "@/lib/generated/sqlite/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { annotationColumns, annotationFromRow } from "@/lib/annotations/annotation-row";

export type ItemAnswer = { userId: string; name: string; annotation: Annotation | null };

export async function itemAnswers(exec: SqlExec, queueItem: { id: string; sampleId: string | null; trajectoryId: string | null }): Promise<ItemAnswer[]> {
  const claims = await exec.all<{ userId: string; name: string }>(
    `SELECT c."userId", u."name" FROM "Claim" c JOIN "User" u ON u."id" = c."userId"
      WHERE c."queueItemId" = ? AND c."status" = 'submitted'
      ORDER BY c."submittedAt" ASC, c."id" ASC`,
    [queueItem.id],
  );
  if (!claims.length) return [];
  const itemColumn = queueItem.sampleId ? "sampleId" : "trajectoryId";
  const rows = await exec.all<Record<string, unknown>>(
    `SELECT ${annotationColumns("a")} FROM "Annotation" a
      WHERE a."${itemColumn}" = ? AND a."kind" = 'label' AND a."status" = 'submitted' AND a."annotatorId" IN (${claims.map(() => "?").join(", ")})`,
    [queueItem.sampleId ?? queueItem.trajectoryId, ...claims.map((c) => c.userId)],
  );
  const byUser = new Map(rows.map((r) => [String(r.annotatorId), annotationFromRow(r)]));
  return claims.map((c) => ({ userId: c.userId, name: c.name, annotation: byUser.get(c.userId) ?? null }));
}
