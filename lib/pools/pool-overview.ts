import "server-only";
// The pools of a project as the pools screen and the v1 API show them: each with what is
// verified and not yet exported (verified after the untilAt of its last complete snapshot),
// its export in progress, and its snapshot history, newest first.
import type { Db } from "@/lib/db";
import { activeExportJob } from "@/lib/exports/active-export";
import { storedPoolSettings, type PoolKind, type PoolSettings } from "@/lib/pools/pool-definition";

export type SnapshotView = {
  id: string;
  status: string;
  incremental: boolean;
  rowCount: number;
  counts: Record<string, number>;
  sinceAt: string | null;
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
  format: string;
  targetType: string;
  targetUri: string;
  imageMode: string;
  settings: PoolSettings;
  pending: number;
  exportedUntil: string | null;
  activeJob: { id: string; status: string } | null;
  snapshots: SnapshotView[];
};

const HISTORY = 20;

function snapshotView(s: { id: string; status: string; incremental: boolean; rowCount: number; counts: unknown; sinceAt: Date | null; untilAt: Date | null; createdAt: Date; completedAt: Date | null; error: string | null; manifestSha: string | null }): SnapshotView {
  return {
    id: s.id,
    status: s.status,
    incremental: s.incremental,
    rowCount: s.rowCount,
    counts: (s.counts ?? {}) as Record<string, number>,
    sinceAt: s.sinceAt?.toISOString() ?? null,
    untilAt: s.untilAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    completedAt: s.completedAt?.toISOString() ?? null,
    durationMs: s.completedAt ? s.completedAt.getTime() - s.createdAt.getTime() : null,
    error: s.error,
    manifestSha: s.manifestSha,
  };
}

/** Verified items the pool has not exported yet: samples or trajectories, by its kind. */
export async function pendingCount(db: Db, projectId: string, kind: PoolKind, settings: PoolSettings, after: Date | null): Promise<number> {
  const verified = { projectId, status: "verified", ...(after ? { verifiedAt: { gt: after } } : {}) };
  if (kind === "grounding" || kind === "mid_training") return db.groundingSample.count({ where: verified });
  if (kind === "evaluation") return db.trajectory.count({ where: { ...verified, runId: settings.runId ?? { not: null } } });
  return db.trajectory.count({ where: verified });
}

export async function listPoolViews(db: Db, projectId: string): Promise<PoolView[]> {
  const pools = await db.pool.findMany({
    where: { projectId },
    orderBy: { name: "asc" },
    include: { snapshots: { orderBy: { createdAt: "desc" }, take: HISTORY } },
  });
  return Promise.all(
    pools.map(async (pool) => {
      const settings = storedPoolSettings(pool.settings);
      const last = await db.snapshot.findFirst({ where: { poolId: pool.id, status: "complete", untilAt: { not: null } }, orderBy: { untilAt: "desc" }, select: { untilAt: true } });
      const active = await activeExportJob(db, projectId, pool.id);
      return {
        id: pool.id,
        name: pool.name,
        kind: pool.kind as PoolKind,
        format: pool.format,
        targetType: pool.targetType,
        targetUri: pool.targetUri,
        imageMode: pool.imageMode,
        settings,
        pending: await pendingCount(db, projectId, pool.kind as PoolKind, settings, last?.untilAt ?? null),
        exportedUntil: last?.untilAt?.toISOString() ?? null,
        activeJob: active ? { id: active.id, status: active.status } : null,
        snapshots: pool.snapshots.map(snapshotView),
      };
    }),
  );
}

/** A complete snapshot of a pool of the project (what downloads may read), or null. */
export async function completeSnapshot(db: Db, projectId: string, poolId: string, snapshotId: string) {
  return db.snapshot.findFirst({ where: { id: snapshotId, poolId, status: "complete", pool: { projectId } }, include: { pool: true } });
}
