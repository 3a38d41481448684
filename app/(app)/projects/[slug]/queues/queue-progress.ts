import "server-only";
// The queues page's read: which queues the caller sees (reviewers and admins all, since they
// adjudicate; annotators those they are a member of) and how far each one is. Progress counts submissions on the real items against
// the items × overlap the queue asks for, as lib/queues/queue-counts.ts counts them for every
// screen. Honeypots are left out of every count an annotator sees; their number and each
// annotator's accuracy on them are for admins only.
import type { QueueProgress } from "@/components/queues/queue-list";
import type { Db } from "@/lib/db";
import { honeypotAccuracy } from "@/lib/queues/honeypot-accuracy";
import { queueCounts } from "@/lib/queues/queue-counts";

type Viewer = { userId: string; isAdmin: boolean; isReviewer: boolean };

// Archived queues are listed apart (the list's "Archived" view); annotators never see them.
const archivedWhere = (archived: boolean) => (archived ? { status: "archived" } : { status: { not: "archived" } });

/** How many archived queues the project has, for the link to them (reviewers and admins). */
export function countArchivedQueues(db: Db, projectId: string): Promise<number> {
  return db.queue.count({ where: { projectId, status: "archived" } });
}

export async function listQueueProgress(db: Db, projectId: string, { userId, isAdmin, isReviewer }: Viewer, archived = false): Promise<QueueProgress[]> {
  const queues = await db.queue.findMany({
    where: { projectId, ...archivedWhere(archived && isReviewer), ...(isReviewer ? {} : { members: { some: { userId } } }) },
    orderBy: { createdAt: "desc" },
    select: {
      id: true, name: true, itemType: true, status: true, overlap: true, leaseSeconds: true,
      _count: { select: { members: true } },
      members: { where: { userId }, select: { userId: true } },
    },
  });
  const ids = queues.map((q) => q.id);
  const counts = await queueCounts(db, queues);
  const accuracy = isAdmin ? await Promise.all(ids.map((queueId) => honeypotAccuracy(db, projectId, { queueId }))) : [];
  return queues.map((q, i) => {
    const c = counts.get(q.id)!;
    return {
      id: q.id,
      name: q.name,
      itemType: q.itemType,
      status: q.status,
      overlap: q.overlap,
      leaseMinutes: Math.round(q.leaseSeconds / 60),
      items: c.items,
      submitted: c.submitted,
      memberCount: q._count.members,
      isMember: q.members.length > 0,
      review: isReviewer ? { verified: c.verified, awaitingAdjudication: c.awaitingAdjudication } : null,
      honeypots: isAdmin ? { items: c.honeypots, accuracy: accuracy[i]! } : null,
    };
  });
}
