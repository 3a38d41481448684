import "server-only";
// Leftovers of work that never finished, swept by age when a server or worker starts (an
// import's staging dir is deleted when its job ends, an export's temp dir when it commits or
// fails; a process killed midway leaves them behind): staging dirs (uploads, unpacked
// archives, previews that never became a job) untouched for ORPHAN_AGE_MS that no waiting or
// running job still names, and snapshot temp dirs and `latest` temp files of local pools
// untouched as long. Expired sign-in counters and sign-out marks go too.
import { lstat, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { sweepLoginCounters } from "@/lib/auth/rate-limit";
import { sweepExpiredSessionMarks } from "@/lib/auth/session-token";
import { removeTree, snapshotsDir } from "@/lib/exports/snapshot-writer";

export const ORPHAN_AGE_MS = 24 * 3600_000;
const STAGING_ID = /^[a-f0-9]{24}$/;

/** The newest modification time of `dir` and what is directly in it (ms), or null if it is gone. */
async function lastTouched(dir: string): Promise<number | null> {
  const own = await lstat(dir).catch(() => null);
  if (!own) return null;
  let newest = own.mtimeMs;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const child = await lstat(path.join(dir, name)).catch(() => null);
    if (child) newest = Math.max(newest, child.mtimeMs);
  }
  return newest;
}

async function sweepStaging(db: Db, cutoff: number): Promise<string[]> {
  const root = env().stagingDir;
  const live = await db.job.findMany({ where: { status: { in: ["queued", "running"] }, kind: "import" }, select: { params: true } });
  const named = live.map((j) => JSON.stringify(j.params));
  const removed: string[] = [];
  for (const project of await readdir(root).catch(() => [] as string[])) {
    for (const id of await readdir(path.join(root, project)).catch(() => [] as string[])) {
      if (!STAGING_ID.test(id)) continue;
      const dir = path.join(root, project, id);
      const touched = await lastTouched(dir);
      if (touched === null || touched > cutoff || named.some((p) => p.includes(id))) continue;
      await rm(dir, { recursive: true, force: true });
      removed.push(dir);
    }
  }
  return removed;
}

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

export async function sweepOrphans(db: Db, now = Date.now()): Promise<string[]> {
  const cutoff = now - ORPHAN_AGE_MS;
  const removed = [...(await sweepStaging(db, cutoff)), ...(await sweepSnapshotTemps(db, cutoff))];
  await sweepLoginCounters(db, new Date(now));
  await sweepExpiredSessionMarks(db, new Date(now));
  return removed;
}
