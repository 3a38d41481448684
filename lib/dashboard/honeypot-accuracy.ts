import "server-only";
// Honeypot accuracy per annotator: of their graded claims on honeypot items (the known-answer
// items mixed into queues; Claim.honeypotCorrect is set when the answer is submitted), the
// share answered right. One groupBy over the project's graded claims.
import type { Db } from "@/lib/db";

export type HoneypotScore = { id: string; name: string; graded: number; correct: number; accuracy: number };

export async function honeypotAccuracy(db: Db, projectId: string): Promise<HoneypotScore[]> {
  const groups = await db.claim.groupBy({
    by: ["userId", "honeypotCorrect"],
    where: { honeypotCorrect: { not: null }, queueItem: { isHoneypot: true, queue: { projectId } } },
    _count: { _all: true },
  });
  const byUser = new Map<string, { graded: number; correct: number }>();
  for (const g of groups) {
    const entry = byUser.get(g.userId) ?? { graded: 0, correct: 0 };
    entry.graded += g._count._all;
    if (g.honeypotCorrect) entry.correct += g._count._all;
    byUser.set(g.userId, entry);
  }
  const users = await db.user.findMany({ where: { id: { in: [...byUser.keys()] } }, select: { id: true, name: true } });
  const names = new Map(users.map((u) => [u.id, u.name]));
  return [...byUser.entries()]
    .map(([id, s]) => ({ id, name: names.get(id) ?? "unknown user", ...s, accuracy: s.correct / s.graded }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
