import "server-only";
// Queuing an export (kind "export" job) of one pool. At most one export per pool is queued or
// running at a time: a second start is refused with a conflict naming the first.
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { saidError, saidErrorWith } from "@/lib/errors/said-error";
import { activeExportJob, ExportModeSchema, type ExportJobParams, type ExportMode } from "@/lib/exports/active-export";
import { createJob } from "@/lib/jobs/jobs";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import { findPool } from "@/lib/pools/pools";
import { statusWord } from "@/lib/i18n/status-word";

export type ExportActor = { userId: string | null; projectId: string };

/** Queues an export of the pool; a second one while the first is queued or running is a conflict. */
// claimedBy: the CLI runs its export in the foreground, so the job is created already held by
// its process and no worker polling the same database claims it first.
export async function startExport(db: Db, actor: ExportActor, input: { poolId: string; mode: ExportMode }, options: { claimedBy?: string } = {}) {
  const mode = ExportModeSchema.parse(input.mode);
  const pool = await findPool(db, actor.projectId, input.poolId);
  const job = await db.$transaction(async (tx) => {
    // A write first: it takes the pool row's lock (PostgreSQL) or the write lock (SQLite), so
    // two starts of one pool run this check one after the other, never side by side.
    await tx.pool.update({ where: { id: pool.id }, data: { name: pool.name } });
    const running = await activeExportJob(tx, actor.projectId, pool.id);
    if (running) throw saidErrorWith("conflict", { jobId: running.id }, "checks.exportAlreadyActive", { pool: pool.name, status: statusWord(running.status) });
    const params: ExportJobParams = { poolId: pool.id, mode };
    return createJob(tx, { projectId: actor.projectId, kind: "export", params, createdById: actor.userId, claimedBy: options.claimedBy });
  });
  await recordAudit(db, { userId: actor.userId, projectId: actor.projectId, action: "export.start", targetType: "pool", targetId: pool.id, details: { jobId: job.id, mode } });
  return job;
}

