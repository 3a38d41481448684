import "server-only";
// Runs one export job (the worker, the app process or the CLI call it through
// lib/exports/export-job.ts, which supplies the media store and the pool's target):
//   1. (claimed by the caller) marks a snapshot an interrupted earlier attempt left "writing"
//      failed and forgets its rows;
//   2. fixes the moment (`until`, now): the snapshot is the whole pool as verified then;
//   3. takes the pool's latest complete snapshot as the base changes are counted against
//      (and, for an incremental export, whose unchanged images are carried over);
//   4. records a Snapshot row (writing) whose id is the new snapshot's directory name;
//   5. streams the planned files (lib/exports/build/snapshot-plan.ts) into the target, which
//      writes manifest.json last and makes the snapshot visible atomically, then `latest`;
//   6. completes the Snapshot row (counts, changes, rows, manifest sha256), forgets the rows
//      of older snapshots, and the job; or marks both failed with the reason. A failed export
//      leaves no visible snapshot and `latest` where it was.
import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { activeRederive } from "@/lib/derived/rederive-job";
import { isAppError } from "@/lib/errors";
import { saidError } from "@/lib/errors/said-error";
import { ExportJobParamsSchema } from "@/lib/exports/active-export";
import { planSnapshot } from "@/lib/exports/build/snapshot-plan";
import { dropLedger, pruneLedger } from "@/lib/exports/ledger/snapshot-rows";
import type { SnapshotManifest } from "@/lib/exports/snapshot-manifest";
import type { PoolTarget, PoolTargetConfig } from "@/lib/exports/targets/pool-target";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { claimJob, finishJob, reportProgress } from "@/lib/jobs/jobs";
import type { MediaStore } from "@/lib/media/store";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import { assertExportableTarget } from "@/lib/pools/local-target-roots";
import { findPool } from "@/lib/pools/pools";
import { openSqlReader } from "@/lib/db/sql-reader";

/** Time-sortable and unique: 20261130T071500.123Z-1a2b3c4d. */
export function newSnapshotId(now: Date): string {
  return `${now.toISOString().replace(/[-:]/g, "")}-${randomBytes(4).toString("hex")}`;
}

/** The snapshot changes are counted against: the pool's latest complete one written as a complete pool. */
export async function baseSnapshotOf(db: Db, poolId: string) {
  return db.snapshot.findFirst({ where: { poolId, status: "complete", mode: { not: null } }, orderBy: [{ untilAt: "desc" }, { id: "desc" }], select: { id: true, untilAt: true } });
}

// The bytes of manifest.json as both targets write it (pretty JSON and a newline); the
// round-trip test compares this hash with the file on disk.
const manifestSha256 = (manifest: SnapshotManifest) => createHash("sha256").update(`${JSON.stringify(manifest, null, 2)}\n`).digest("hex");

export type ExportDeps = {
  store: MediaStore;
  targetOf: (config: PoolTargetConfig) => PoolTarget;
  onProgress?: (processed: number, total: number) => void;
  pageSize?: number;
};

export type ExportOutcome =
  | { status: "succeeded"; snapshotId: string; location: string; rows: number; counts: Record<string, number>; changes: { added: number; updated: number; removed: number }; baseSnapshotId: string | null }
  | { status: "failed"; snapshotId: string | null; error: string };

const DEFAULT_PAGE_SIZE = 2000;
const PROGRESS_EVERY_MS = 1000;

/** Claims and runs an export job; null when another worker holds it. */
export async function executeExportJob(db: Db, jobId: string, deps: ExportDeps): Promise<ExportOutcome | null> {
  if (!(await claimJob(db, jobId))) return null;
  return runClaimedExportJob(db, jobId, deps);
}

// The base's image files, to carry over; null (everything copied afresh) when its manifest
// cannot be read, which only costs time.
async function baseImageFiles(target: PoolTarget, baseId: string) {
  try {
    const manifest = await target.readManifest(baseId);
    return new Map(manifest.files.filter((f) => f.name.startsWith("images/")).map((f) => [f.name, { sha256: f.sha256, bytes: f.bytes }]));
  } catch {
    return null;
  }
}

/** Runs an export job this process holds (the worker loop claims before it calls a handler). Never throws: the outcome is on the job. */
export async function runClaimedExportJob(db: Db, jobId: string, deps: ExportDeps): Promise<ExportOutcome> {
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  let snapshotId: string | null = null;
  try {
    const params = ExportJobParamsSchema.parse(job.params);
    const pool = await findPool(db, job.projectId!, params.poolId);
    await assertExportableTarget(pool);
    // Rows carry tiers, rewards and advantages: half of them derived under the old settings
    // would be a snapshot of no settings at all.
    if (await activeRederive(db, pool.projectId)) {
      throw saidError("conflict", "checks.exportWhileRecomputing");
    }
    const now = new Date();
    const interrupted = await db.snapshot.findMany({ where: { jobId, status: "writing" }, select: { id: true } });
    for (const s of interrupted) {
      await dropLedger(db, s.id);
      await db.snapshot.update({ where: { id: s.id }, data: { status: "failed", error: "Interrupted: the export stopped before it finished; the job ran again as a new snapshot.", completedAt: now } });
    }
    const target = deps.targetOf({ targetType: pool.targetType as PoolTargetConfig["targetType"], targetUri: pool.targetUri });
    const base = await baseSnapshotOf(db, pool.id);
    snapshotId = newSnapshotId(now);
    const reader = openSqlReader(db);
    let manifest: SnapshotManifest;
    let processed = 0;
    let total = 0;
    let reportedAt = 0;
    let plan: Awaited<ReturnType<typeof planSnapshot>>;
    try {
      plan = await planSnapshot({
        db,
        reader,
        pool,
        snapshotId,
        until: now,
        mode: params.mode,
        base: base ? { snapshotId: base.id, imageFiles: params.mode === "incremental" ? await baseImageFiles(target, base.id) : null } : null,
        store: deps.store,
        localDir: target.localDirOf(snapshotId),
        remote: pool.targetType === "s3" ? pool.targetUri.replace(/\/+$/, "") : null,
        dryRun: false,
        pageSize: deps.pageSize ?? DEFAULT_PAGE_SIZE,
        onItems: async (n) => {
          processed += n;
          deps.onProgress?.(processed, total);
          // At most once a second: a progress write per page would cost the export more than
          // the page itself at 1M rows. It also renews the job's lock.
          if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
          reportedAt = Date.now();
          await reportProgress(db, jobId, processed, { snapshotId, rows: plan.ctx.tally.rows });
        },
      });
      await db.snapshot.create({
        data: { id: snapshotId, poolId: pool.id, jobId, status: "writing", incremental: params.mode === "incremental", mode: params.mode, baseSnapshotId: base?.id ?? null, filters: plan.filters, sinceAt: base?.untilAt ?? null, untilAt: now },
      });
      total = await plan.builder.total(plan.ctx);
      await db.job.update({ where: { id: jobId }, data: { total } });
      manifest = await target.writeSnapshot({ snapshotId, files: plan.files(), manifest: plan.manifest });
    } finally {
      reader.close();
    }

    const { tally } = plan.ctx;
    const changes = plan.changes();
    await db.snapshot.update({
      where: { id: snapshotId },
      data: { status: "complete", counts: tally.counts, changes, rowCount: tally.rows, manifestSha: manifestSha256(manifest), completedAt: new Date() },
    });
    await pruneLedger(db, pool.id, snapshotId);
    const report = { snapshotId, location: target.describe(), rows: tally.rows, counts: tally.counts, changes, baseSnapshotId: base?.id ?? null };
    await finishJob(db, jobId, { status: "succeeded", report: report as Prisma.InputJsonValue });
    await recordAudit(db, { userId: job.createdById, projectId: job.projectId, action: "export.finish", targetType: "pool", targetId: pool.id, details: { snapshotId, rows: tally.rows, mode: params.mode, base: base?.id ?? null, ...changes } });
    return { status: "succeeded", ...report };
  } catch (error) {
    const message = isAppError(error) ? error.message : `The export failed: ${(error as Error).message}`;
    if (!isAppError(error)) console.error(`export job ${jobId}:`, error);
    if (snapshotId) {
      await dropLedger(db, snapshotId).catch(() => undefined);
      await db.snapshot.updateMany({ where: { id: snapshotId }, data: { status: "failed", error: message, completedAt: new Date() } });
    }
    await finishJob(db, jobId, { status: "failed", error: message, report: { snapshotId } });
    await recordAudit(db, { userId: job.createdById, projectId: job.projectId, action: "export.fail", targetType: "job", targetId: jobId, details: { snapshotId, error: message } });
    return { status: "failed", snapshotId, error: message };
  }
}
