import "server-only";
// Where an item stands, for reviewers and admins on its review page: its lifecycle state, its
// pinned final answer (which revision, from where, decided by whom, whose answers), the
// revisions before it, open proposals, and whether it is a honeypot. Never loaded for an
// annotator: a verified state or a known answer would give a honeypot away.
import type { Db } from "@/lib/db";
import { payloadOf, trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";
import { isSampleKey, type ItemKey } from "@/lib/annotations/item-key";
import { openProposals } from "@/lib/annotations/proposals";

export async function reviewStanding(db: Db, projectId: string, item: ItemKey) {
  const row = isSampleKey(item)
    ? await db.groundingSample.findFirst({ where: { id: item.sampleId, projectId }, select: { status: true, verifiedAt: true, finalAnswerId: true } })
    : await db.trajectory.findFirst({ where: { id: item.trajectoryId, projectId }, select: { status: true, verifiedAt: true, finalAnswerId: true } });
  if (!row) return null;
  const [revisions, proposals, honeypot] = await Promise.all([
    db.answerRevision.findMany({ where: { projectId, ...item }, orderBy: { revision: "desc" }, include: { decidedBy: { select: { name: true } } } }),
    openProposals(db, projectId, item),
    db.honeypot.findFirst({ where: { projectId, ...item }, select: { id: true, createdAt: true } }),
  ]);
  const people = new Map(
    (await db.user.findMany({ where: { id: { in: [...new Set(revisions.flatMap((r) => (Array.isArray(r.contributorIds) ? (r.contributorIds as string[]) : [])))] } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );
  const view = revisions.map((r) => ({
    id: r.id,
    revision: r.revision,
    source: r.source,
    decision: r.decision,
    decidedBy: r.decidedBy?.name ?? null,
    contributors: (Array.isArray(r.contributorIds) ? (r.contributorIds as string[]) : []).map((id) => people.get(id) ?? "a removed user"),
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    supersededAt: r.supersededAt?.toISOString() ?? null,
    supersededReason: r.supersededReason,
    grounding: isSampleKey(item) ? payloadOf(r) : null,
    trajectory: isSampleKey(item) ? null : trajectoryPayloadOf(r),
  }));
  return {
    status: row.status,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    final: view.find((r) => r.id === row.finalAnswerId) ?? null,
    history: view.filter((r) => r.id !== row.finalAnswerId),
    proposals,
    honeypot: honeypot ? { id: honeypot.id, createdAt: honeypot.createdAt.toISOString() } : null,
  };
}

export type ReviewStanding = NonNullable<Awaited<ReturnType<typeof reviewStanding>>>;
