import "server-only";
// The queues page's read: which queues the caller sees (reviewers and admins all, since they
// adjudicate; annotators those they are a member of) and how far each one is. Progress counts submissions on the real items against
// the items × overlap the queue asks for (QueueItem.submittedCount is kept by
// markClaimSubmitted). Honeypots are left out of every count an annotator sees; their number
// and each annotator's accuracy on them are for admins only.
import type { QueueProgress } from "@/components/queues/queue-list";
import type { Db } from "@/lib/db";
import { honeypotAccuracy } from "@/lib/queues/honeypot-accuracy";

type Viewer = { userId: string; isAdmin: boolean; isReviewer: boolean };

export async function listQueueProgress(db: Db, projectId: string, { userId, isAdmin, isReviewer }: Viewer): Promise<QueueProgress[]> {
  const queues = await db.queue.findMany({
    where: { projectId, ...(isReviewer ? {} : { members: { some: { userId } } }) },
    orderBy: { createdAt: "desc" },
    select: {
      id: true, name: true, itemType: true, status: true, overlap: true, leaseSeconds: true,
      _count: { select: { members: true } },
      members: { where: { userId }, select: { userId: true } },
    },
  });
  const ids = queues.map((q) => q.id);
  const groups = await db.queueItem.groupBy({ by: ["queueId", "status", "isHoneypot"], where: { queueId: { in: ids } }, _count: { _all: true }, _sum: { submittedCount: true } });
  const accuracy = isAdmin ? await Promise.all(ids.map((queueId) => honeypotAccuracy(db, projectId, { queueId }))) : [];
  return queues.map((q, i) => {
    const real = groups.filter((g) => g.queueId === q.id && !g.isHoneypot);
    const count = (status?: string) => real.filter((g) => !status || g.status === status).reduce((n, g) => n + g._count._all, 0);
    const honeypots = groups.filter((g) => g.queueId === q.id && g.isHoneypot).reduce((n, g) => n + g._count._all, 0);
    return {
      id: q.id,
      name: q.name,
      itemType: q.itemType,
      status: q.status,
      overlap: q.overlap,
      leaseMinutes: Math.round(q.leaseSeconds / 60),
      items: count(),
      submitted: real.reduce((n, g) => n + (g._sum.submittedCount ?? 0), 0),
      memberCount: q._count.members,
      isMember: q.members.length > 0,
      review: isReviewer ? { verified: count("verified"), awaitingAdjudication: count("adjudication") } : null,
      honeypots: isAdmin ? { items: honeypots, accuracy: accuracy[i]! } : null,
    };
  });
}
