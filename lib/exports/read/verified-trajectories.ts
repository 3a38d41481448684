import "server-only";
// Verified trajectories of a project with their steps (action, screenshot) and final answers
// (lib/annotations/final-answer.ts), read in keyset pages ordered by (verifiedAt, id), or as
// whole GRPO groups (every verified rollout of each group, for advantages within the group).
// A fixed number of queries per page: trajectories, their steps, their final answers.
import { finalTrajectoryAnswers, type TrajectoryFinalAnswer } from "@/lib/annotations/final-answer";
import { asBool, asDate, asJson, placeholders, type SqlReader } from "@/lib/db/sql-reader";
import { assertKeysetAdvances, type VerifiedCursor, type VerifiedWindow } from "@/lib/exports/read/verified-samples";
import { trajectoryFilterSql } from "@/lib/exports/read/pool-filter-sql";
import { readAhead } from "@/lib/db/read-ahead";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { PoolFilters } from "@/lib/pools/pool-filters";

export type StepRecord = {
  index: number;
  // The agent's reasoning for the step, where the source recorded it.
  thought: string | null;
  // The canonical action as stored (pixels), or null when the source's output was unparseable.
  action: unknown;
  image: { width: number; height: number } | null;
  media: { id: string; sha256: string; mime: string; storageKey: string } | null;
};

export type VerifiedTrajectoryRecord = {
  id: string;
  goal: string;
  groupKey: string | null;
  runId: string | null;
  benchmark: string | null;
  app: string | null;
  model: string | null;
  sourceDataset: string;
  sourceId: string;
  stepCount: number;
  invalidActionCount: number;
  humanVerdict: string | null;
  // Stored derived values (lib/domain/derive-trajectory.ts, group-advantages.ts).
  autoOutcome: boolean | null;
  effectiveAutoOutcome: boolean | null;
  mismatchFlags: string;
  stepsCorrect: number;
  stepsIncorrect: number;
  outcome: boolean | null;
  outcomeSource: string | null;
  reward: number | null;
  advantage: number | null;
  groupSize: number | null;
  verifiedAt: Date;
  steps: StepRecord[];
  answer: TrajectoryFinalAnswer | null;
};

type TrajectoryRow = Omit<VerifiedTrajectoryRecord, "verifiedAt" | "steps" | "answer" | "outcome" | "autoOutcome" | "effectiveAutoOutcome"> & { verifiedAt: unknown; outcome: unknown; autoOutcome: unknown; effectiveAutoOutcome: unknown; finalAnswerId: string | null };

type StepRow = {
  trajectoryId: string;
  index: number;
  thought: string | null;
  action: unknown;
  mediaId: string | null;
  sha256: string | null;
  mime: string | null;
  storageKey: string | null;
  width: number | null;
  height: number | null;
};

const COLUMNS = `t."id", t."goal", t."groupKey", t."runId", t."benchmark", t."app", t."model", t."sourceDataset", t."sourceId",
  t."stepCount", t."invalidActionCount", t."humanVerdict", t."autoOutcome", t."effectiveAutoOutcome", t."mismatchFlags", t."stepsCorrect", t."stepsIncorrect", t."outcome", t."outcomeSource", t."reward", t."advantage", t."groupSize", t."finalAnswerId", t."verifiedAt"`;

const EPOCH = new Date(0);

async function complete(reader: SqlReader, projectId: string, rows: TrajectoryRow[]): Promise<VerifiedTrajectoryRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const stepRows = await reader.all<StepRow>(
    `SELECT st."trajectoryId", st."index", st."thought", st."action", st."mediaId", m."sha256", m."mime", m."storageKey", m."width", m."height"
       FROM "Step" st
       LEFT JOIN "Media" m ON m."id" = st."mediaId"
      WHERE st."trajectoryId" IN (${placeholders(ids.length)})
      ORDER BY st."trajectoryId", st."index"`,
    ids,
  );
  const stepsOf = new Map<string, StepRecord[]>();
  for (const s of stepRows) {
    const list = stepsOf.get(s.trajectoryId) ?? [];
    list.push({
      index: Number(s.index),
      thought: s.thought,
      action: asJson(s.action),
      image: s.width !== null && s.height !== null ? { width: s.width, height: s.height } : null,
      media: s.mediaId && s.sha256 && s.mime && s.storageKey ? { id: s.mediaId, sha256: s.sha256, mime: s.mime, storageKey: s.storageKey } : null,
    });
    stepsOf.set(s.trajectoryId, list);
  }
  const answers = await finalTrajectoryAnswers(reader, projectId, rows);
  return rows.map(({ finalAnswerId: _final, ...r }) => ({
    ...r,
    stepCount: Number(r.stepCount),
    invalidActionCount: Number(r.invalidActionCount),
    autoOutcome: r.autoOutcome === null || r.autoOutcome === undefined ? null : asBool(r.autoOutcome),
    effectiveAutoOutcome: r.effectiveAutoOutcome === null || r.effectiveAutoOutcome === undefined ? null : asBool(r.effectiveAutoOutcome),
    stepsCorrect: Number(r.stepsCorrect),
    stepsIncorrect: Number(r.stepsIncorrect),
    outcome: r.outcome === null || r.outcome === undefined ? null : asBool(r.outcome),
    reward: r.reward === null ? null : Number(r.reward),
    advantage: r.advantage === null ? null : Number(r.advantage),
    groupSize: r.groupSize === null ? null : Number(r.groupSize),
    verifiedAt: asDate(r.verifiedAt)!,
    steps: stepsOf.get(r.id) ?? [],
    answer: answers.get(r.id) ?? null,
  }));
}

export type TrajectoryPageQuery = {
  window: VerifiedWindow;
  after: VerifiedCursor | null;
  limit: number;
  // Only the trajectories of one evaluation run, or only those outside any GRPO group.
  runId?: string;
  ungrouped?: boolean;
};

export async function readVerifiedTrajectoryPage(reader: SqlReader, projectId: string, q: TrajectoryPageQuery): Promise<VerifiedTrajectoryRecord[]> {
  const params: unknown[] = [projectId, q.window.until];
  let keyset: string;
  if (q.after) {
    keyset = `AND t."verifiedAt" >= ? AND (t."verifiedAt" > ? OR t."id" > ?)`;
    params.push(q.after.verifiedAt, q.after.verifiedAt, q.after.id);
  } else {
    keyset = `AND t."verifiedAt" > ?`;
    params.push(q.window.since ?? EPOCH);
  }
  let extra = q.ungrouped ? `AND t."groupKey" IS NULL` : "";
  if (q.runId) {
    extra += ` AND t."runId" = ?`;
    params.push(q.runId);
  }
  params.push(q.limit);
  const rows = await reader.all<TrajectoryRow>(
    `SELECT ${COLUMNS} FROM "Trajectory" t
      WHERE t."projectId" = ? AND t."verifiedAt" <= ? ${keyset} AND t."status" = 'verified' ${extra}
      ORDER BY t."verifiedAt", t."id"
      LIMIT ?`,
    params,
  );
  return complete(reader, projectId, rows);
}

export async function* verifiedTrajectoryBatches(
  reader: SqlReader,
  projectId: string,
  q: Omit<TrajectoryPageQuery, "after">,
): AsyncGenerator<VerifiedTrajectoryRecord[]> {
  let after: VerifiedCursor | null = null;
  for (;;) {
    const page = await readVerifiedTrajectoryPage(reader, projectId, { ...q, after });
    if (page.length === 0) return;
    yield page;
    if (page.length < q.limit) return;
    const last = page.at(-1)!;
    const next = { verifiedAt: last.verifiedAt, id: last.id };
    assertKeysetAdvances(after, next);
    after = next;
  }
}

/**
 * GRPO groups touched by the window (a rollout of theirs was verified in it), page by page,
 * each with ALL its verified rollouts up to the window's end: an advantage is relative to the
 * whole group, so an incremental export re-sends a group whole when one rollout is added.
 */
export async function* verifiedGroupBatches(
  reader: SqlReader,
  projectId: string,
  q: { window: VerifiedWindow; groupsPerPage: number },
): AsyncGenerator<VerifiedTrajectoryRecord[][]> {
  let afterKey: string | null = null;
  for (;;) {
    const params: unknown[] = [projectId, q.window.since ?? EPOCH, q.window.until];
    if (afterKey !== null) params.push(afterKey);
    params.push(q.groupsPerPage);
    const keys: string[] = (
      await reader.all<{ groupKey: string }>(
        `SELECT DISTINCT t."groupKey" FROM "Trajectory" t
          WHERE t."projectId" = ? AND t."verifiedAt" > ? AND t."verifiedAt" <= ? AND t."status" = 'verified'
            AND t."groupKey" IS NOT NULL ${afterKey !== null ? `AND t."groupKey" > ?` : ""}
          ORDER BY t."groupKey"
          LIMIT ?`,
        params,
      )
    ).map((r) => r.groupKey);
    if (keys.length === 0) return;
    const rows = await reader.all<TrajectoryRow>(
      `SELECT ${COLUMNS} FROM "Trajectory" t
        WHERE t."projectId" = ? AND t."groupKey" IN (${placeholders(keys.length)}) AND t."status" = 'verified' AND t."verifiedAt" <= ?
        ORDER BY t."groupKey", t."id"`,
      [projectId, ...keys, q.window.until],
    );
    const records = await complete(reader, projectId, rows);
    const groups = new Map<string, VerifiedTrajectoryRecord[]>();
    for (const r of records) groups.set(r.groupKey!, [...(groups.get(r.groupKey!) ?? []), r]);
    yield keys.map((k) => groups.get(k) ?? []);
    if (keys.length < q.groupsPerPage) return;
    afterKey = keys.at(-1)!;
  }
}

export type PoolTrajectoryQuery = { until: Date; limit: number; filters?: PoolFilters };

/** A pool's verified trajectories in id order, verified up to `until`, within its filters. */
export function poolTrajectoryBatches(reader: SqlReader, projectId: string, q: PoolTrajectoryQuery): AsyncGenerator<VerifiedTrajectoryRecord[]> {
  return readAhead((afterId: string | null) => poolTrajectoryPage(reader, projectId, q, afterId), q.limit, (page) => page.at(-1)!.id);
}

/**
 * One keyset page over a pool's verified trajectories (verified up to `until`, within its
 * filters): `select` of the rows after `after` on `key`, in `key` order, `limit` of them.
 */
function poolKeysetPage(select: string, key: "id" | "groupKey", projectId: string, q: PoolTrajectoryQuery, after: string | null, limit: number) {
  const params: unknown[] = [projectId, q.until];
  let sql = `SELECT ${select} FROM "Trajectory" t WHERE t."projectId" = ? AND t."status" = 'verified' AND t."verifiedAt" <= ?`;
  if (key === "groupKey") sql += ` AND t."groupKey" IS NOT NULL`;
  if (after !== null) {
    sql += ` AND t."${key}" > ?`;
    params.push(after);
  }
  sql += trajectoryFilterSql(q.filters, params);
  sql += ` ORDER BY t."${key}" LIMIT ?`;
  params.push(limit);
  return { sql, params };
}

async function poolTrajectoryPage(reader: SqlReader, projectId: string, q: PoolTrajectoryQuery, afterId: string | null): Promise<VerifiedTrajectoryRecord[]> {
  const { sql, params } = poolKeysetPage(COLUMNS, "id", projectId, q, afterId, q.limit);
  return complete(reader, projectId, await reader.all<TrajectoryRow>(sql, params));
}

/**
 * A pool's GRPO groups, each with every verified rollout (up to `until`, within the filters),
 * in groupKey order, for pairs of rollouts of one task (a rollout outside any group has none).
 */
export async function* poolGroupBatches(reader: SqlReader, projectId: string, q: PoolTrajectoryQuery & { groupsPerPage: number }): AsyncGenerator<VerifiedTrajectoryRecord[][]> {
  let afterKey: string | null = null;
  for (;;) {
    const { sql, params } = poolKeysetPage(`DISTINCT t."groupKey"`, "groupKey", projectId, q, afterKey, q.groupsPerPage);
    const keys = (await reader.all<{ groupKey: string }>(sql, params)).map((r) => r.groupKey);
    if (keys.length === 0) return;
    const rowParams: unknown[] = [projectId, ...keys, q.until];
    const rowSql = `SELECT ${COLUMNS} FROM "Trajectory" t WHERE t."projectId" = ? AND t."groupKey" IN (${placeholders(keys.length)}) AND t."status" = 'verified' AND t."verifiedAt" <= ?${trajectoryFilterSql(q.filters, rowParams)} ORDER BY t."groupKey", t."id"`;
    const records = await complete(reader, projectId, await reader.all<TrajectoryRow>(rowSql, rowParams));
    const groups = new Map<string, VerifiedTrajectoryRecord[]>();
    for (const r of records) groups.set(r.groupKey!, [...(groups.get(r.groupKey!) ?? []), r]);
    yield keys.map((k) => groups.get(k) ?? []);
    if (keys.length < q.groupsPerPage) return;
    afterKey = keys.at(-1)!;
  }
}
