import "server-only";
// The queues page's read: which queues the caller sees (admins all, others those they are a
// member of) and how far each one is. Progress counts submitted claims against the
// items × overlap the queue asks for; QueueItem.submittedCount is kept by markClaimSubmitted.
import type { QueueProgress } from "@/components/queues/queue-list";
import type { Db } from "@/lib/db";

export async function listQueueProgress(db: Db, projectId: string, userId: string, isAdmin: boolean): Promise<QueueProgress[]> {
  const queues = await db.queue.findMany({
    where: { projectId, ...(isAdmin ? {} : { members: { some: { userId } } }) },
    orderBy: { createdAt: "desc" },
    select: {
      id: true, name: true, itemType: true, status: true, overlap: true, leaseSeconds: true,
      _count: { select: { items: true, members: true } },
      members: { where: { userId }, select: { userId: true } },
    },
  });
  const sums = await db.queueItem.groupBy({ by: ["queueId"], where: { queueId: { in: queues.map((q) => q.id) } }, _sum: { submittedCount: true } });
  const submitted = new Map(sums.map((s) => [s.queueId, s._sum.submittedCount ?? 0]));
  return queues.map((q) => ({
    id: q.id,
    name: q.name,
    itemType: q.itemType,
    status: q.status,
    overlap: q.overlap,
    leaseMinutes: Math.round(q.leaseSeconds / 60),
    items: q._count.items,
    submitted: submitted.get(q.id) ?? 0,
    memberCount: q._count.members,
    isMember: q.members.length > 0,
  }));
}
