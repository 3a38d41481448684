import "server-only";
// Runs one export job (the worker, the app process or the CLI call it through
// lib/exports/export-job.ts, which supplies the media store and the pool target):
//   1. (claimed by the caller) marks a snapshot an interrupted earlier attempt left "writing" failed;
//   2. fixes the window: verified in (sinceAt, untilAt], sinceAt the untilAt of the pool's
//      last complete snapshot for an incremental export, none for a full one; untilAt now;
//   3. records a Snapshot row (writing) whose id is the new snapshot's directory name;
//   4. streams the pool kind's files (lib/exports/build) page by page into the pool's target,
//      which writes manifest.json last and makes the snapshot visible atomically;
//   5. completes the Snapshot row (counts, rows, manifest sha256) and the job, or marks both
//      failed with the reason; a failed export leaves no visible snapshot.
import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { AppError, isAppError } from "@/lib/errors";
import { BUILDERS } from "@/lib/exports/build/builders";
import { newTally, type ExportContext } from "@/lib/exports/build/export-context";
import type { VerifiedWindow } from "@/lib/exports/read/verified-samples";
import type { SnapshotManifest } from "@/lib/exports/snapshot-manifest";
import { IMAGE_PATHS_NOTE, snapshotImages, type ImageMode } from "@/lib/exports/snapshot-images";
import { ExportJobParamsSchema, type ExportMode } from "@/lib/exports/active-export";
import type { PoolTarget, PoolTargetConfig, StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { claimJob, finishJob, reportProgress } from "@/lib/jobs/jobs";
import type { MediaStore } from "@/lib/media/store";
import { assertExportableTarget } from "@/lib/pools/local-target-roots";
import { storedPoolSettings, type PoolKind } from "@/lib/pools/pool-definition";
import { findPool } from "@/lib/pools/pools";
import { openSqlReader } from "@/lib/sql/sql-reader";
import { VERITY_VERSION } from "@/lib/version";

/** Time-sortable and unique: 20261130T071500.123Z-1a2b3c4d. */
export function newSnapshotId(now: Date): string {
  return `${now.toISOString().replace(/[-:]/g, "")}-${randomBytes(4).toString("hex")}`;
}

async function exportWindow(db: Db, poolId: string, mode: ExportMode, until: Date): Promise<VerifiedWindow> {
  if (mode === "full") return { since: null, until };
  const last = await db.snapshot.findFirst({ where: { poolId, status: "complete", untilAt: { not: null } }, orderBy: { untilAt: "desc" }, select: { untilAt: true } });
  return { since: last?.untilAt ?? null, until };
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
  | { status: "succeeded"; snapshotId: string; location: string; rows: number; counts: Record<string, number> }
  | { status: "failed"; snapshotId: string | null; error: string };

const DEFAULT_PAGE_SIZE = 2000;
const PROGRESS_EVERY_MS = 1000;

/** Claims and runs an export job; null when another worker holds it. */
export async function executeExportJob(db: Db, jobId: string, deps: ExportDeps): Promise<ExportOutcome | null> {
  if (!(await claimJob(db, jobId))) return null;
  return runClaimedExportJob(db, jobId, deps);
}

/** Runs an export job this process holds (the worker loop claims before it calls a handler). Never throws: the outcome is on the job. */
export async function runClaimedExportJob(db: Db, jobId: string, deps: ExportDeps): Promise<ExportOutcome> {
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  let snapshotId: string | null = null;
  try {
    const params = ExportJobParamsSchema.parse(job.params);
    const pool = await findPool(db, job.projectId!, params.poolId);
    await assertExportableTarget(pool);
    const project = await db.project.findUniqueOrThrow({ where: { id: pool.projectId }, select: { settings: true, derivationCode: true } });
    const now = new Date();
    await db.snapshot.updateMany({
      where: { jobId, status: "writing" },
      data: { status: "failed", error: "Interrupted: the export stopped before it finished; the job ran again as a new snapshot.", completedAt: now },
    });
    const window = await exportWindow(db, pool.id, params.mode, now);
    const settings = storedPoolSettings(pool.settings);
    const imageMode = pool.imageMode as ImageMode;
    const filters = {
      pool: pool.name,
      kind: pool.kind,
      format: pool.format,
      mode: params.mode,
      status: "verified",
      verifiedAfter: window.since?.toISOString() ?? null,
      verifiedUntil: window.until.toISOString(),
      imageMode,
      imagePaths: IMAGE_PATHS_NOTE[imageMode],
      settings,
    };
    snapshotId = newSnapshotId(now);
    await db.snapshot.create({
      data: { id: snapshotId, poolId: pool.id, jobId, status: "writing", incremental: window.since !== null, filters, sinceAt: window.since, untilAt: window.until },
    });

    const target = deps.targetOf({ targetType: pool.targetType as PoolTargetConfig["targetType"], targetUri: pool.targetUri });
    const reader = openSqlReader(db);
    let manifest: SnapshotManifest;
    const tally = newTally();
    let processed = 0;
    let total = 0;
    let reportedAt = 0;
    try {
      const ctx: ExportContext = {
        db,
        reader,
        projectId: pool.projectId,
        window,
        format: pool.format,
        settings,
        projectSettings: ProjectSettingsSchema.parse(project.settings ?? {}),
        images: snapshotImages(imageMode, deps.store),
        tally,
        pageSize: deps.pageSize ?? DEFAULT_PAGE_SIZE,
        onItems: async (n) => {
          processed += n;
          deps.onProgress?.(processed, total);
          // At most once a second: a progress write per page would cost the export more than
          // the page itself at 1M rows. It also renews the job's lock.
          if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
          reportedAt = Date.now();
          await reportProgress(db, jobId, processed, { snapshotId, rows: tally.rows });
        },
      };
      const builder = BUILDERS[pool.kind as PoolKind];
      if (!builder) throw new AppError("invalid_input", `Pool ${pool.name} has an unknown kind ${pool.kind}.`);
      total = await builder.total(ctx);
      await db.job.update({ where: { id: jobId }, data: { total } });

      // Totals go into the counts once the last file has been produced, before the manifest.
      async function* files(): AsyncGenerator<StreamedSnapshotFile> {
        yield* builder!.files(ctx);
        tally.counts.rows = tally.rows;
        tally.counts.images = ctx.images.count();
      }
      manifest = await target.writeSnapshot({
        snapshotId,
        files: files(),
        filters,
        counts: tally.counts,
        revisionIds: tally.revisionIds,
        overrideIds: tally.overrideIds,
        derivedWith: { derivationCode: project.derivationCode, settings: ProjectSettingsSchema.parse(project.settings ?? {}) },
        verityVersion: VERITY_VERSION,
        unverifiedIncluded: false,
      });
    } finally {
      reader.close();
    }

    await db.snapshot.update({
      where: { id: snapshotId },
      data: { status: "complete", counts: tally.counts, rowCount: tally.rows, manifestSha: manifestSha256(manifest), completedAt: new Date() },
    });
    const report = { snapshotId, location: target.describe(), rows: tally.rows, counts: tally.counts };
    await finishJob(db, jobId, { status: "succeeded", report: report as Prisma.InputJsonValue });
    await recordAudit(db, { userId: job.createdById, projectId: job.projectId, action: "export.finish", targetType: "pool", targetId: pool.id, details: { snapshotId, rows: tally.rows } });
    return { status: "succeeded", ...report };
  } catch (error) {
    const message = isAppError(error) ? error.message : `The export failed: ${(error as Error).message}`;
    if (!isAppError(error)) console.error(`export job ${jobId}:`, error);
    if (snapshotId) await db.snapshot.update({ where: { id: snapshotId }, data: { status: "failed", error: message, completedAt: new Date() } });
    await finishJob(db, jobId, { status: "failed", error: message, report: { snapshotId } });
    await recordAudit(db, { userId: job.createdById, projectId: job.projectId, action: "export.fail", targetType: "job", targetId: jobId, details: { snapshotId, error: message } });
    return { status: "failed", snapshotId, error: message };
  }
}
