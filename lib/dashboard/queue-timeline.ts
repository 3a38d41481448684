import "server-only";
// Progress per queue over time: for each of the last 30 UTC days, how many claims on the
// queue's real items were submitted by the end of that day, against what the queue needs,
// counted as every screen counts them (lib/queues/queue-counts.ts: honeypots left out).
// One grouped count over submitted claims (per queue and day, in SQL), folded into running
// totals here; days before the window only raise the starting total.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { dialect, toNumber } from "@/lib/db/dialect";
import { SUBMISSION_DAYS } from "@/lib/dashboard/submissions";
import { queueCounts } from "@/lib/queues/queue-counts";

export type QueueTimeline = { id: string; name: string; itemType: string; needed: number; submitted: number; cumulative: number[] };
export type QueueTimelines = { days: string[]; queues: QueueTimeline[] };

const DAY_MS = 86_400_000;
export const TIMELINE_QUEUES = 8;

export function lastDays(now: Date, count = SUBMISSION_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export async function queueTimelines(db: Db, projectId: string, now = new Date()): Promise<QueueTimelines> {
  const days = lastDays(now);
  const queues = await db.queue.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    take: TIMELINE_QUEUES,
    select: { id: true, name: true, itemType: true, overlap: true },
  });
  if (queues.length === 0) return { days, queues: [] };
  const counts = await queueCounts(db, queues);
  const d = dialect(providerOf(databaseUrlOf(db)));
  const day = d.utcDay(`c."submittedAt"`);
  const rows = await db.$queryRawUnsafe<{ queueId: string; day: string; n: unknown }[]>(
    `SELECT qi."queueId" AS "queueId", ${day} AS "day", COUNT(*) AS "n"
       FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId"
      WHERE qi."queueId" IN (${queues.map((q) => d.p(q.id)).join(", ")}) AND NOT qi."isHoneypot" AND c."status" = 'submitted' AND c."submittedAt" IS NOT NULL
      GROUP BY qi."queueId", ${day}`,
    ...d.args,
  );
  return {
    days,
    queues: queues.map((q) => {
      const mine = rows.filter((r) => r.queueId === q.id);
      let running = mine.filter((r) => r.day < days[0]!).reduce((s, r) => s + toNumber(r.n), 0);
      const cumulative = days.map((day) => (running += mine.filter((r) => r.day === day).reduce((s, r) => s + toNumber(r.n), 0)));
      const c = counts.get(q.id)!;
      return { id: q.id, name: q.name, itemType: q.itemType, needed: c.needed, submitted: c.submitted, cumulative };
    }),
  };
}
