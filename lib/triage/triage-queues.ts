import "server-only";
// The triage screen's side reads: the project's triage queues with how far each is (items
// decided by triage out of all), whether the caller may work them, and the people who may
// be members of one (reviewers and admins).
import type { Db } from "@/lib/db";
import { roleAtLeast } from "@/lib/auth/roles";

export type TriageQueueRow = { id: string; name: string; status: string; items: number; decided: number; isMember: boolean; createdAt: string };

export async function listTriageQueues(db: Db, projectId: string, userId: string): Promise<TriageQueueRow[]> {
  const queues = await db.queue.findMany({
    where: { projectId, itemType: "disagreement" },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { id: true, name: true, status: true, createdAt: true, _count: { select: { items: true } }, members: { where: { userId }, select: { userId: true } } },
  });
  const decided = await db.queueItem.groupBy({
    by: ["queueId"],
    where: { queueId: { in: queues.map((q) => q.id) }, resolution: "triage" },
    _count: { _all: true },
  });
  const counts = new Map(decided.map((d) => [d.queueId, d._count._all]));
  return queues.map((q) => ({
    id: q.id,
    name: q.name,
    status: q.status,
    items: q._count.items,
    decided: counts.get(q.id) ?? 0,
    isMember: q.members.length > 0,
    createdAt: q.createdAt.toISOString(),
  }));
}

export async function listDeciders(db: Db, projectId: string) {
  const members = await db.membership.findMany({
    where: { projectId },
    select: { role: true, user: { select: { id: true, name: true, email: true, disabledAt: true } } },
    orderBy: { user: { name: "asc" } },
  });
  return members
    .filter((m) => roleAtLeast(m.role, "reviewer") && !m.user.disabledAt)
    .map((m) => ({ id: m.user.id, name: m.user.name, email: m.user.email, role: m.role }));
}
