import "server-only";
// Leftovers of work that never finished, swept by age when a server or worker starts (an
// import's staging dir is deleted when its job ends, an export's temp dir when it commits or
// fails; a process killed midway leaves them behind): staging dirs (uploads, unpacked
// archives, previews that never became a job) untouched for ORPHAN_AGE_MS that no waiting or
// running job still names, and snapshot temp dirs and `latest` temp files of local pools
// untouched as long. Expired sign-in counters and sign-out marks go too. A running server or
// worker sweeps again every SWEEP_EVERY_MS (startPeriodicSweeps), so a preview nobody imported
// goes a day after its last use without waiting for a restart; and a project whose staging
// budget is full has its previews idle for PREVIEW_IDLE_MS swept before an upload is refused
// (lib/imports/staging-sweep.ts, from lib/imports/staging-budget.ts).
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db";
import { sweepLoginCounters } from "@/lib/auth/rate-limit";
import { sweepExpiredSessionMarks } from "@/lib/auth/session-token";
import { removeTree, snapshotsDir } from "@/lib/exports/snapshot-writer";
import { lastTouched } from "@/lib/fs/last-touched";
import { sweepStaging } from "@/lib/imports/staging-sweep";

export const ORPHAN_AGE_MS = 24 * 3600_000;
export const SWEEP_EVERY_MS = 3600_000;

async function sweepSnapshotTemps(db: Db, cutoff: number): Promise<string[]> {
  const pools = await db.pool.findMany({ where: { targetType: "local" }, select: { targetUri: true } });
  const removed: string[] = [];
  for (const { targetUri } of pools) {
    const candidates = [
      ...(await readdir(snapshotsDir(targetUri)).catch(() => [] as string[])).filter((n) => n.startsWith(".tmp-")).map((n) => path.join(snapshotsDir(targetUri), n)),
      ...(await readdir(targetUri).catch(() => [] as string[])).filter((n) => n.startsWith("latest.tmp-")).map((n) => path.join(targetUri, n)),
    ];
    for (const candidate of candidates) {
      const touched = await lastTouched(candidate);
      if (touched === null || touched > cutoff) continue;
      // A temp dir sealed read-only just before its rename is opened again first.
      await removeTree(candidate);
      removed.push(candidate);
    }
  }
  return removed;
}

/** Sweeps every `everyMs` while the process runs (never two at once); returns the stop, which
 * settles once a sweep in progress has ended. */
export function startPeriodicSweeps(db: Db, log: (line: string) => void, everyMs = SWEEP_EVERY_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOrphans(db)
      .then((removed) => void (removed.length && log(`removed ${removed.length} leftover staging or export temp dirs`)))
      .catch((error: unknown) => log(`sweeping leftovers failed: ${String(error)}`))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export async function sweepOrphans(db: Db, now = Date.now()): Promise<string[]> {
  const cutoff = now - ORPHAN_AGE_MS;
  const removed = [...(await sweepStaging(db, cutoff)), ...(await sweepSnapshotTemps(db, cutoff))];
  await sweepLoginCounters(db, new Date(now));
  await sweepExpiredSessionMarks(db, new Date(now));
  return removed;
}
