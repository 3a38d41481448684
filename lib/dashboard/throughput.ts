import "server-only";
// Queue throughput over the last 30 UTC days: items submitted per day (submitted claims on real
// items, honeypots left out as everywhere, lib/queues/queue-counts.ts) and
// the median time from claim to submit, per day and over the whole window. Medians come from
// window functions (ROW_NUMBER and COUNT over the day), which SQLite and PostgreSQL share,
// so only the middle one or two durations per day leave the database.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { dialect, toNumber } from "@/lib/db/dialect";
import { lastDays } from "@/lib/dashboard/queue-timeline";

export type ThroughputDay = { day: string; items: number; medianSeconds: number | null };
export type Throughput = { days: ThroughputDay[]; items: number; medianSeconds: number | null };

function medianSql(d: ReturnType<typeof dialect>, projectId: string, since: string, perDay: boolean): string {
  const seconds = d.secondsBetween(`c."createdAt"`, `c."submittedAt"`);
  const day = perDay ? d.utcDay(`c."submittedAt"`) : `'all'`;
  return `WITH durations AS (
            SELECT ${day} AS "day", ${seconds} AS "seconds"
              FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId" JOIN "Queue" q ON q."id" = qi."queueId"
             WHERE q."projectId" = ${d.p(projectId)} AND NOT qi."isHoneypot" AND c."status" = 'submitted' AND c."submittedAt" >= ${d.p(new Date(since))}),
          ranked AS (
            SELECT "day", "seconds", ROW_NUMBER() OVER (PARTITION BY "day" ORDER BY "seconds") AS "rn", COUNT(*) OVER (PARTITION BY "day") AS "cnt"
              FROM durations)
          SELECT "day", MAX("cnt") AS "items", AVG("seconds") AS "median"
            FROM ranked WHERE "rn" IN (("cnt" + 1) / 2, ("cnt" + 2) / 2)
           GROUP BY "day"`;
}

type Row = { day: string; items: unknown; median: unknown };

export async function queueThroughput(db: Db, projectId: string, now = new Date()): Promise<Throughput> {
  const days = lastDays(now);
  const since = `${days[0]}T00:00:00.000Z`;
  const provider = providerOf(databaseUrlOf(db));
  const run = (perDay: boolean) => {
    const d = dialect(provider);
    return db.$queryRawUnsafe<Row[]>(medianSql(d, projectId, since, perDay), ...d.args);
  };
  const [perDay, overall] = await Promise.all([run(true), run(false)]);
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  return {
    days: days.map((day) => {
      const r = byDay.get(day);
      return { day, items: r ? toNumber(r.items) : 0, medianSeconds: r ? toNumber(r.median) : null };
    }),
    items: overall[0] ? toNumber(overall[0].items) : 0,
    medianSeconds: overall[0] ? toNumber(overall[0].median) : null,
  };
}
