import "server-only";
// The trajectory list: filters on stored columns of the trajectory (its derived values are
// stored with every write that changes an input, lib/derived), keyset paging.
import type { Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { distinctValues } from "@/lib/db/distinct-values";
import { COUNT_CAP, cappedTotal } from "@/lib/db/capped-count";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { TrajectoryFilter } from "@/lib/trajectories/trajectory-filters";
import { storedFlags } from "@/lib/trajectories/trajectory-review";
import { statusCondition } from "@/lib/filters/status-filter";
import { isUnfiltered } from "@/lib/filters/is-unfiltered";

export const TRAJECTORY_PAGE_SIZE = 50;

export function trajectoryWhere(projectId: string, f: TrajectoryFilter): Prisma.TrajectoryWhereInput {
  return {
    projectId,
    benchmark: f.benchmark,
    app: f.app,
    model: f.model,
    runId: f.run,
    groupKey: f.group,
    terminationReason: f.termination,
    autoOutcome: f.outcome === undefined ? undefined : f.outcome === "unknown" ? null : f.outcome === "success",
    humanVerdict: f.verdict === undefined ? undefined : f.verdict === "none" ? null : f.verdict,
    // Flags are stored comma-joined from a closed set, so a substring match is exact.
    mismatchFlags: f.flag ? { contains: f.flag } : undefined,
    status: statusCondition(f.status),
    verdictChangedUnderOverride: f.verdictChanged === "yes" ? true : undefined,
  };
}

export async function listTrajectories(db: Db, projectId: string, f: TrajectoryFilter, viewer: { seesHuman: boolean }) {
  const where = trajectoryWhere(projectId, f);
  const [rows, counted] = await Promise.all([
    db.trajectory.findMany({
      where: f.after ? { ...where, id: { gt: f.after } } : where,
      orderBy: { id: "asc" },
      take: TRAJECTORY_PAGE_SIZE + 1,
      select: {
        id: true, goal: true, benchmark: true, app: true, model: true, groupKey: true, stepCount: true, autoOutcome: true, effectiveAutoOutcome: true,
        humanVerdict: true, mismatchFlags: true, status: true, run: { select: { id: true, name: true } },
        steps: { where: { index: 0 }, select: { media: { select: { id: true } } } },
      },
    }),
    db.trajectory.count({ where, take: COUNT_CAP + 1 }),
  ]);
  // Annotators see what the machines said, never what rests on a human verdict.
  const page = rows.slice(0, TRAJECTORY_PAGE_SIZE).map(({ humanVerdict, status, mismatchFlags, ...t }) => ({
    ...t,
    humanVerdict: viewer.seesHuman ? humanVerdict : null,
    status: viewer.seesHuman ? status : null,
    flags: storedFlags(mismatchFlags, viewer.seesHuman),
  }));
  return { trajectories: page, ...cappedTotal(counted), nextAfter: rows.length > TRAJECTORY_PAGE_SIZE ? page.at(-1)!.id : null };
}

export async function trajectoryFacets(db: Db, projectId: string) {
  const [benchmarks, apps, models, terminations, runs] = await Promise.all([
    distinctValues(db, "Trajectory", "benchmark", projectId),
    distinctValues(db, "Trajectory", "app", projectId),
    distinctValues(db, "Trajectory", "model", projectId),
    distinctValues(db, "Trajectory", "terminationReason", projectId),
    // Runs with episodes only: a grounding run (answers, no trajectories) filters nothing here.
    db.evaluationRun.findMany({ where: { projectId, trajectories: { some: {} } }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  return { benchmarks, apps, models, terminations, runs };
}

/**
 * What is still to review for this viewer: for a reviewer, items not settled yet; for an
 * annotator, items without a submitted answer of their own (their own work, which tells
 * nothing about an item's standing, so a honeypot stays unrecognisable).
 */
function toReviewWhere(viewer: { userId: string; seesHuman: boolean }): Prisma.TrajectoryWhereInput {
  if (viewer.seesHuman) return { status: statusCondition("unsettled") };
  return { annotations: { none: { annotatorId: viewer.userId, kind: "label", status: "submitted" } } };
}

/** The same rule over `"Trajectory" t` in SQL, for the plain list's raw read (tests/db/unfiltered-neighbours.test.ts holds the two to the same answers). */
function toReviewSql(viewer: { userId: string; seesHuman: boolean }): { sql: string; params: unknown[] } {
  if (viewer.seesHuman) {
    const { in: states } = statusCondition("unsettled") as { in: string[] };
    return { sql: `t."status" IN (${states.map(() => "?").join(", ")})`, params: states };
  }
  return {
    sql: `NOT EXISTS (SELECT 1 FROM "Annotation" a WHERE a."trajectoryId" = t."id" AND a."annotatorId" = ? AND a."kind" = 'label' AND a."status" = 'submitted')`,
    params: [viewer.userId],
  };
}

type Around = { previous: string | null; next: string | null; toReview: string | null; nextMediaId: string | null };

/** Around a trajectory in the plain list (import order, nothing filtered): one raw statement, not
 * three through Prisma's query compiler and a fourth; what a screen reached from the list or a queue reads. */
async function unfilteredNeighbours(db: Db, projectId: string, id: string, viewer?: { userId: string; seesHuman: boolean }) {
  const toReview = viewer ? toReviewSql(viewer) : null;
  // The next one once, for its id and its first screenshot.
  const [row] = await execFor(db).all<Around>(
    `WITH "following" AS (SELECT "id" FROM "Trajectory" WHERE "projectId" = ? AND "id" > ? ORDER BY "id" LIMIT 1)
     SELECT
       (SELECT "id" FROM "Trajectory" WHERE "projectId" = ? AND "id" < ? ORDER BY "id" DESC LIMIT 1) AS "previous",
       (SELECT "id" FROM "following") AS "next",
       ${toReview ? `(SELECT t."id" FROM "Trajectory" t WHERE t."projectId" = ? AND t."id" > ? AND ${toReview.sql} ORDER BY t."id" LIMIT 1)` : "NULL"} AS "toReview",
       (SELECT s."mediaId" FROM "Step" s JOIN "following" f ON f."id" = s."trajectoryId" WHERE s."index" = 0 AND s."imageMissing" = ?) AS "nextMediaId"`,
    [projectId, id, projectId, id, ...(toReview ? [projectId, id, ...toReview.params] : []), false],
  );
  const nextId = row?.next ?? null;
  return { previous: row?.previous ?? null, next: nextId, nextMediaId: row?.nextMediaId ?? null, nextToReview: toReview ? (row?.toReview ?? null) : nextId };
}

/**
 * Previous and next trajectory in list order under the same filters, with the next one's
 * first screenshot to prefetch, and the next one still to review ("Submit and next" goes
 * there, past what is already settled or answered).
 */
export async function neighbourTrajectories(db: Db, projectId: string, id: string, f: TrajectoryFilter, viewer?: { userId: string; seesHuman: boolean }) {
  if (isUnfiltered(f)) return unfilteredNeighbours(db, projectId, id, viewer);
  const where = trajectoryWhere(projectId, { ...f, after: undefined });
  const select = { id: true } as const;
  const [previous, next, toReview] = await Promise.all([
    db.trajectory.findFirst({ where: { ...where, id: { lt: id } }, orderBy: { id: "desc" }, select }),
    db.trajectory.findFirst({ where: { ...where, id: { gt: id } }, orderBy: { id: "asc" }, select }),
    viewer ? db.trajectory.findFirst({ where: { AND: [where, toReviewWhere(viewer), { id: { gt: id } }] }, orderBy: { id: "asc" }, select }) : Promise.resolve(undefined),
  ]);
  // The next one's first screenshot, for the screen to fetch ahead: one raw statement, not an
  // included relation (a statement of its own in each of Prisma's reads above).
  const [first] = next
    ? await execFor(db).all<{ mediaId: string | null }>(`SELECT "mediaId" FROM "Step" WHERE "trajectoryId" = ? AND "index" = 0 AND "imageMissing" = ?`, [next.id, false])
    : [];
  return {
    previous: previous?.id ?? null,
    next: next?.id ?? null,
    nextMediaId: first?.mediaId ?? null,
    // Without a viewer, the plain next one.
    nextToReview: toReview === undefined ? (next?.id ?? null) : (toReview?.id ?? null),
  };
}
