import "server-only";
// Import staging dirs (uploads, unpacked archives, previews that never became a job) are
// removed when untouched since a cutoff and named by no waiting or running import: by age at
// start and every hour (lib/worker/orphans.ts), and a project's idle ones (PREVIEW_IDLE_MS) when
// an upload would pass its staging budget (lib/imports/staging-budget.ts), before refusing it.
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { lastTouched } from "@/lib/fs/last-touched";

export const PREVIEW_IDLE_MS = 3600_000;
const STAGING_ID = /^[a-f0-9]{24}$/;

/** Staging dirs (of `onlyProject`, or every project's) untouched since `cutoff` that no waiting
 * or running import names. */
export async function sweepStaging(db: Db, cutoff: number, onlyProject?: string): Promise<string[]> {
  const root = env().stagingDir;
  const live = await db.job.findMany({ where: { status: { in: ["queued", "running"] }, kind: "import" }, select: { params: true } });
  const named = live.map((j) => JSON.stringify(j.params));
  const removed: string[] = [];
  const projects = onlyProject ? [onlyProject] : await readdir(root).catch(() => [] as string[]);
  for (const project of projects) {
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

/** A project's previews and uploads idle for PREVIEW_IDLE_MS (not named by a job). */
export async function sweepIdleStaging(db: Db, projectId: string, now = Date.now()): Promise<string[]> {
  return sweepStaging(db, now - PREVIEW_IDLE_MS, projectId);
}
