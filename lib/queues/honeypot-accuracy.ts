import "server-only";
// Each annotator's honeypot accuracy: of their graded honeypot claims (Claim.honeypotCorrect
// set on submit, and false on a skip), how many were correct; over the project or one queue.
// Ungraded claims (no answer, or the honeypot was removed first) count neither way. Sorted by name.
import type { Db } from "@/lib/db";

export type HoneypotAccuracy = { userId: string; name: string; correct: number; total: number };

export async function honeypotAccuracy(db: Db, projectId: string, opts: { queueId?: string } = {}): Promise<HoneypotAccuracy[]> {
  const groups = await db.claim.groupBy({
    by: ["userId", "honeypotCorrect"],
    where: { status: { in: ["submitted", "released"] }, honeypotCorrect: { not: null }, queueItem: { isHoneypot: true, queue: { projectId, ...(opts.queueId ? { id: opts.queueId } : {}) } } },
    _count: { _all: true },
  });
  const byUser = new Map<string, { correct: number; total: number }>();
  for (const g of groups) {
    const entry = byUser.get(g.userId) ?? { correct: 0, total: 0 };
    entry.total += g._count._all;
    if (g.honeypotCorrect) entry.correct += g._count._all;
    byUser.set(g.userId, entry);
  }
  const users = await db.user.findMany({ where: { id: { in: [...byUser.keys()] } }, select: { id: true, name: true } });
  return users
    .map((u) => ({ userId: u.id, name: u.name, ...byUser.get(u.id)! }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}
