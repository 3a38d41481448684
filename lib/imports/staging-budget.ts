import "server-only";
// How much disk an import may take, checked before anything is written: an upload may not
// exceed VERITY_MAX_UPLOAD_MB per file, an archive may not unpack more than
// VERITY_MAX_UNPACKED_MB, a project's uploads and unpacked archives together may not exceed
// VERITY_PROJECT_STAGING_MB, and VERITY_MIN_FREE_DISK_MB always stays free on the disk. A
// project's usage is measured on disk (its staging dirs, links not followed), cached for a
// little while and added to as this process writes; across replicas it is approximate by
// that much, and the disk reserve still holds. An upload that would pass the project's budget
// first frees the project's previews idle for an hour (lib/imports/staging-sweep.ts).
import type { StatsFs } from "node:fs";
import { lstat, readdir, statfs } from "node:fs/promises";
import path from "node:path";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { saidError } from "@/lib/errors/said-error";
import { db, type Db } from "@/lib/db";
import { sweepIdleStaging } from "@/lib/imports/staging-sweep";

const MB = 1024 * 1024;
const USAGE_TTL_MS = 30_000;

const usage = new Map<string, { bytes: number; at: number }>();

async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(full);
    else if (entry.isFile()) total += (await lstat(full).catch(() => null))?.size ?? 0;
  }
  return total;
}

async function projectUsage(projectId: string): Promise<number> {
  const cached = usage.get(projectId);
  if (cached && Date.now() - cached.at < USAGE_TTL_MS) return cached.bytes;
  const bytes = await bytesUnder(path.join(env().stagingDir, projectId));
  usage.set(projectId, { bytes, at: Date.now() });
  return bytes;
}

/** Bytes this process just wrote into a project's staging (counted until the next measurement). */
export function noteStagedBytes(projectId: string, bytes: number): void {
  const cached = usage.get(projectId);
  if (cached) cached.bytes += bytes;
}

/** The disk of a path that may not exist yet (a fresh data dir): its nearest existing ancestor's. */
async function statfsOfNearest(dir: string): Promise<StatsFs> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const stats = await statfs(at).catch(() => null);
    if (stats || at === path.dirname(at)) return stats ?? statfs(at);
  }
}

/** Bytes that may still be written to the disk holding the staging dir, keeping the reserve. */
async function diskAllowance(): Promise<number> {
  const stats = await statfsOfNearest(env().stagingDir);
  return stats.bavail * stats.bsize - env().VERITY_MIN_FREE_DISK_MB * MB;
}

const diskRefusal = (what: string, bytes: number, available: number) =>
  new AppError(
    "unavailable",
    `Not enough free disk for ${what}${bytes > 0 ? ` (${describeBytes(bytes)})` : ""}: ${describeBytes(Math.max(0, available))} can be written before the disk's reserve of ${env().VERITY_MIN_FREE_DISK_MB} MB (VERITY_MIN_FREE_DISK_MB); nothing was written.`,
  );

const projectRefusal = (what: string, used: number) =>
  new AppError(
    "too_large",
    `${what}: the project's uploads and unpacked archives would pass its staging budget of ${env().VERITY_PROJECT_STAGING_MB} MB (VERITY_PROJECT_STAGING_MB; ${describeBytes(used)} in use). Imports free theirs when they end.`,
  );

/**
 * What one upload of `name` (declaring `declared` bytes, 0 when it did not say) may write, and
 * the refusal for a body that streams past it. Throws at once when the declared size does not fit.
 */
export async function stagingAllowance(projectId: string, name: string, declared: number, database: Db = db()): Promise<{ bytes: number; refusal: () => AppError }> {
  const e = env();
  const upload = e.VERITY_MAX_UPLOAD_MB * MB;
  let used = await projectUsage(projectId);
  // Over the project's budget: its previews idle for an hour (never imported) go first.
  if (declared > e.VERITY_PROJECT_STAGING_MB * MB - used || used >= e.VERITY_PROJECT_STAGING_MB * MB) {
    if ((await sweepIdleStaging(database, projectId)).length) {
      usage.delete(projectId);
      used = await projectUsage(projectId);
    }
  }
  const project = e.VERITY_PROJECT_STAGING_MB * MB - used;
  const disk = await diskAllowance();
  if (disk <= 0 || declared > disk) throw diskRefusal(name, declared, disk);
  if (declared > project) throw projectRefusal(name, used);
  const bytes = Math.min(upload, project, disk);
  const refusal = () =>
    bytes === upload
      ? saidError("too_large", "messages.uploadTooLarge", { name, limit: e.VERITY_MAX_UPLOAD_MB })
      : bytes === project
        ? projectRefusal(name, used)
        : diskRefusal(name, 0, disk);
  return { bytes, refusal };
}

/** Before an archive is unpacked: its declared size against the per-upload and project budgets and the disk. */
export async function assertCanUnpack(projectId: string | null, archive: string, bytes: number): Promise<void> {
  const e = env();
  if (bytes > e.VERITY_MAX_UNPACKED_MB * MB) {
    throw new AppError("too_large", `${archive}: unpacks to ${describeBytes(bytes)}, over the per-upload budget of ${e.VERITY_MAX_UNPACKED_MB} MB (VERITY_MAX_UNPACKED_MB)`);
  }
  if (projectId) {
    const used = await projectUsage(projectId);
    if (used + bytes > e.VERITY_PROJECT_STAGING_MB * MB) throw projectRefusal(`${archive} (${describeBytes(bytes)} unpacked)`, used);
  }
  const disk = await diskAllowance();
  if (bytes > disk) throw diskRefusal(`unpacking ${archive}`, bytes, disk);
  if (projectId) noteStagedBytes(projectId, bytes);
}
