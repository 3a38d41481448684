import "server-only";
// Who made each episode's final answer: the reviewer who pinned the revision, or for a
// consensus the annotators whose answers agreed; with the revision and when it was pinned.
// For corrections.jsonl ("which task changed, from what to what, by whom").
import type { Db } from "@/lib/db";

export type VerifiedBy = { revisionId: string; revision: number; source: string; by: string[]; at: string };

export async function reviewersOf(db: Db, projectId: string, items: readonly { id: string; finalAnswerId: string | null }[]): Promise<Map<string, VerifiedBy>> {
  const ids = items.flatMap((i) => (i.finalAnswerId ? [i.finalAnswerId] : []));
  const out = new Map<string, VerifiedBy>();
  if (ids.length === 0) return out;
  const revisions = await db.answerRevision.findMany({
    where: { projectId, id: { in: ids }, decision: "accept" },
    select: { id: true, trajectoryId: true, revision: true, source: true, createdAt: true, contributorIds: true, decidedBy: { select: { email: true } } },
  });
  const contributorIds = [...new Set(revisions.flatMap((r) => (Array.isArray(r.contributorIds) ? r.contributorIds.filter((c): c is string => typeof c === "string") : [])))];
  const users = new Map((await db.user.findMany({ where: { id: { in: contributorIds } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
  for (const r of revisions) {
    if (!r.trajectoryId) continue;
    const contributors = Array.isArray(r.contributorIds) ? r.contributorIds.flatMap((c) => (typeof c === "string" && users.has(c) ? [users.get(c)!] : [])) : [];
    out.set(r.trajectoryId, { revisionId: r.id, revision: r.revision, source: r.source, by: r.decidedBy ? [r.decidedBy.email] : contributors, at: r.createdAt.toISOString() });
  }
  return out;
}
