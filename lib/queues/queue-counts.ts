import "server-only";
// How far queues are, counted one way for every screen (the queues page, the dashboard):
// real items only (honeypots are left out of every progress figure), what the queue needs
// (real items x overlap), and the submissions on real items (QueueItem.submittedCount, kept
// by markClaimSubmitted together with the claim's own status).
import type { Db } from "@/lib/db";

export type QueueCounts = { items: number; needed: number; submitted: number; verified: number; awaitingAdjudication: number; honeypots: number };

export async function queueCounts(db: Db, queues: readonly { id: string; overlap: number }[]): Promise<Map<string, QueueCounts>> {
  const groups = queues.length
    ? await db.queueItem.groupBy({ by: ["queueId", "status", "isHoneypot"], where: { queueId: { in: queues.map((q) => q.id) } }, _count: { _all: true }, _sum: { submittedCount: true } })
    : [];
  return new Map(
    queues.map((q) => {
      const real = groups.filter((g) => g.queueId === q.id && !g.isHoneypot);
      const count = (status?: string) => real.filter((g) => !status || g.status === status).reduce((n, g) => n + g._count._all, 0);
      const items = count();
      return [
        q.id,
        {
          items,
          needed: items * q.overlap,
          submitted: real.reduce((n, g) => n + (g._sum.submittedCount ?? 0), 0),
          verified: count("verified"),
          awaitingAdjudication: count("adjudication"),
          honeypots: groups.filter((g) => g.queueId === q.id && g.isHoneypot).reduce((n, g) => n + g._count._all, 0),
        },
      ];
    }),
  );
}
