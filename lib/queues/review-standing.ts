import "server-only";
// Where an item stands, for reviewers and admins on its review page: its review status, its
// final answer (contract 1) and whose it is, and whether it is a honeypot. Never loaded for an
// annotator: a verified status or a known answer would give a honeypot away.
import type { Db } from "@/lib/db";
import { payloadOf } from "@/lib/annotations/save-annotation";
import { finalAnswerRow, type ItemKey } from "@/lib/queues/final-answer-row";
import { trajectoryPayloadOf } from "@/lib/trajectories/save-trajectory-annotation";

export async function reviewStanding(db: Db, projectId: string, item: ItemKey) {
  const row =
    "sampleId" in item
      ? await db.groundingSample.findFirst({ where: { id: item.sampleId, projectId }, select: { status: true, verifiedAt: true } })
      : await db.trajectory.findFirst({ where: { id: item.trajectoryId, projectId }, select: { status: true, verifiedAt: true } });
  if (!row) return null;
  const [final, honeypot] = await Promise.all([finalAnswerRow(db, projectId, item), db.honeypot.findFirst({ where: { projectId, ...item }, select: { id: true, createdAt: true } })]);
  return {
    status: row.status,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    final: final
      ? {
          kind: final.kind,
          by: final.annotator.name,
          note: final.note,
          grounding: "sampleId" in item ? payloadOf(final) : null,
          trajectory: "trajectoryId" in item ? trajectoryPayloadOf(final) : null,
        }
      : null,
    honeypot: honeypot ? { id: honeypot.id, createdAt: honeypot.createdAt.toISOString() } : null,
  };
}

export type ReviewStanding = NonNullable<Awaited<ReturnType<typeof reviewStanding>>>;
