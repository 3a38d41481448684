import "server-only";
// The pools of a project as the pools screen and the v1 API show them: each with its style
// (convention, target, template), how many of its items were verified since its last
// snapshot (a quick count: overrides, reopenings and settings changes move rows too, which
// only the diff, lib/pools/pool-diff.ts, can tell), its export in progress, and its snapshot
// history, newest first.
import type { Db } from "@/lib/db";
import { activeExportJob } from "@/lib/exports/active-export";
import { baseSnapshotOf } from "@/lib/exports/execute-export";
import { sampleFilterSql, trajectoryFilterSql } from "@/lib/exports/read/pool-filter-sql";
import { KINDS_WITH_IMAGES, resolvedStyle, storedPoolSettings, type PoolKind, type PoolSettings } from "@/lib/pools/pool-definition";
import { openSqlReader, type SqlReader } from "@/lib/db/sql-reader";

export type SnapshotView = {
  id: string;
  status: string;
  mode: "full" | "incremental" | null;
  baseSnapshotId: string | null;
  changes: { added: number; updated: number; removed: number } | null;
  rowCount: number;
  counts: Record<string, number>;
  untilAt: string | null;
  createdAt: string;
  completedAt: string | null;
  durationMs: number | null;
  error: string | null;
  manifestSha: string | null;
};

export type PoolView = {
  id: string;
  name: string;
  kind: PoolKind;
  profile: string;
  targetType: string;
  targetUri: string;
  imageMode: string;
  settings: PoolSettings;
  style: { convention: string; target: string; template: string } | null;
  verifiedSinceLast: number;
  latestSnapshotId: string | null;
  exportedUntil: string | null;
  activeJob: { id: string; status: string } | null;
  snapshots: SnapshotView[];
};

const HISTORY = 20;

type SnapshotRowData = { id: string; status: string; mode: string | null; baseSnapshotId: string | null; changes: unknown; rowCount: number; counts: unknown; untilAt: Date | null; createdAt: Date; completedAt: Date | null; error: string | null; manifestSha: string | null };

function snapshotView(s: SnapshotRowData): SnapshotView {
  return {
    id: s.id,
    status: s.status,
    mode: s.mode === "full" || s.mode === "incremental" ? s.mode : null,
    baseSnapshotId: s.baseSnapshotId,
    changes: (s.changes ?? null) as SnapshotView["changes"],
    rowCount: s.rowCount,
    counts: (s.counts ?? {}) as Record<string, number>,
    untilAt: s.untilAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    completedAt: s.completedAt?.toISOString() ?? null,
    durationMs: s.completedAt ? s.completedAt.getTime() - s.createdAt.getTime() : null,
    error: s.error,
    manifestSha: s.manifestSha,
  };
}

/** The pool's items verified after `after` (all when null), within its filters. */
export async function verifiedSince(reader: SqlReader, projectId: string, kind: PoolKind, settings: PoolSettings, after: Date | null): Promise<number> {
  const sample = kind === "grounding" || kind === "mid_training";
  const table = sample ? "GroundingSample" : "Trajectory";
  const alias = sample ? "s" : "t";
  const params: unknown[] = [projectId];
  let sql = `SELECT COUNT(*) AS "n" FROM "${table}" ${alias} WHERE ${alias}."projectId" = ? AND ${alias}."status" = 'verified'`;
  if (after) {
    sql += ` AND ${alias}."verifiedAt" > ?`;
    params.push(after);
  }
  if (kind === "evaluation") {
    if (settings.runId) {
      sql += ` AND t."runId" = ?`;
      params.push(settings.runId);
    } else sql += ` AND t."runId" IS NOT NULL`;
  } else sql += sample ? sampleFilterSql(settings.filters, params) : trajectoryFilterSql(settings.filters, params);
  const rows = await reader.all<{ n: unknown }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

async function poolView(db: Db, reader: SqlReader, projectId: string, pool: Awaited<ReturnType<typeof poolsWithHistory>>[number]): Promise<PoolView> {
  const settings = storedPoolSettings(pool.settings);
  const kind = pool.kind as PoolKind;
  const last = await db.snapshot.findFirst({ where: { poolId: pool.id, status: "complete", untilAt: { not: null } }, orderBy: { untilAt: "desc" }, select: { id: true, untilAt: true } });
  const base = await baseSnapshotOf(db, pool.id);
  const active = await activeExportJob(db, projectId, pool.id);
  return {
    id: pool.id,
    name: pool.name,
    kind,
    profile: pool.profile,
    targetType: pool.targetType,
    targetUri: pool.targetUri,
    imageMode: pool.imageMode,
    settings,
    style: KINDS_WITH_IMAGES.includes(kind) ? resolvedStyle(kind, settings) : null,
    verifiedSinceLast: await verifiedSince(reader, projectId, kind, settings, last?.untilAt ?? null),
    latestSnapshotId: base?.id ?? last?.id ?? null,
    exportedUntil: last?.untilAt?.toISOString() ?? null,
    activeJob: active ? { id: active.id, status: active.status } : null,
    snapshots: pool.snapshots.map(snapshotView),
  };
}

function poolsWithHistory(db: Db, projectId: string) {
  return db.pool.findMany({
    where: { projectId },
    orderBy: { name: "asc" },
    include: { snapshots: { where: { status: { not: "preview" } }, orderBy: { createdAt: "desc" }, take: HISTORY } },
  });
}

export async function listPoolViews(db: Db, projectId: string): Promise<PoolView[]> {
  const pools = await poolsWithHistory(db, projectId);
  const reader = openSqlReader(db);
  try {
    return await Promise.all(pools.map((pool) => poolView(db, reader, projectId, pool)));
  } finally {
    reader.close();
  }
}

/** A complete snapshot of a pool of the project (what downloads may read), or null. */
export async function completeSnapshot(db: Db, projectId: string, poolId: string, snapshotId: string) {
  return db.snapshot.findFirst({ where: { id: snapshotId, poolId, status: "complete", pool: { projectId } }, include: { pool: true } });
}
