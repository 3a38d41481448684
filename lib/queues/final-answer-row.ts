import "server-only";
// An item's final answer as contract 1 defines it: the latest submitted annotation of kind
// "adjudication" if there is one, else the latest submitted "label". Read here for the review
// pages' verified strip and for a honeypot's known answer. Exports read many at once through
// lib/annotations/final-answer.ts, which applies the same order (ties: the larger id).
import type { Db } from "@/lib/db";

export type ItemKey = { sampleId: string } | { trajectoryId: string };

export async function finalAnswerRow(db: Pick<Db, "annotation">, projectId: string, item: ItemKey) {
  return db.annotation.findFirst({
    where: { projectId, ...item, status: "submitted" },
    // "adjudication" sorts before "label".
    orderBy: [{ kind: "asc" }, { submittedAt: "desc" }, { id: "desc" }],
    include: { annotator: { select: { name: true } } },
  });
}
