import "server-only";
// Submitted answers (each person's own labels: a consensus or a bulk decision is nobody's
// submission) per UTC day and annotator over the last 30 days, plus each annotator's all-time
// total. Dates cannot be truncated portably in a Prisma groupBy
// (SQLite and PostgreSQL store and format them differently), so each day is its own
// groupBy on the indexed (projectId, status, submittedAt): 30 small counts, never the rows.
import type { Db } from "@/lib/db";

export const SUBMISSION_DAYS = 30;
const DAY_MS = 86_400_000;

export type SubmissionDay = { day: string; counts: Record<string, number> };
export type AnnotatorTotal = { id: string; name: string; total: number; last30: number };
export type Submissions = { days: SubmissionDay[]; annotators: AnnotatorTotal[] };

function utcMidnight(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

export async function submissionsPerDay(db: Db, projectId: string, now = new Date()): Promise<Submissions> {
  const first = utcMidnight(now) - (SUBMISSION_DAYS - 1) * DAY_MS;
  const starts = Array.from({ length: SUBMISSION_DAYS }, (_, i) => first + i * DAY_MS);
  const [perDay, totals] = await Promise.all([
    Promise.all(
      starts.map((start) =>
        db.annotation.groupBy({
          by: ["annotatorId"],
          where: { projectId, kind: "label", status: "submitted", submittedAt: { gte: new Date(start), lt: new Date(start + DAY_MS) } },
          _count: { _all: true },
        }),
      ),
    ),
    db.annotation.groupBy({ by: ["annotatorId"], where: { projectId, kind: "label", status: "submitted" }, _count: { _all: true } }),
  ]);
  const users = await db.user.findMany({ where: { id: { in: totals.map((t) => t.annotatorId) } }, select: { id: true, name: true } });
  const names = new Map(users.map((u) => [u.id, u.name]));
  const days = starts.map((start, i) => ({
    day: new Date(start).toISOString().slice(0, 10),
    counts: Object.fromEntries((perDay[i] ?? []).map((g) => [g.annotatorId, g._count._all])),
  }));
  const annotators = totals
    .map((t) => ({
      id: t.annotatorId,
      name: names.get(t.annotatorId) ?? "unknown user",
      total: t._count._all,
      last30: days.reduce((sum, d) => sum + (d.counts[t.annotatorId] ?? 0), 0),
    }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return { days, annotators };
}
