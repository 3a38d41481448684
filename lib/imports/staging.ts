import "server-only";
// Where uploaded import files wait for preview and commit: one directory per staging id under
// <data dir>/imports/<project id>/. Files are streamed to disk with a size bound (the upload
// limit, what is left of the project's staging budget and of the free disk,
// lib/imports/staging-budget.ts), written to a temp name and renamed, and only ever under names
// that checkSourcePath accepts. A staging dir is deleted when its import job ends; orphans are
// swept by age at start-up (lib/worker/orphans.ts).
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, realpath, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { checkSourcePath } from "@/lib/imports/sources/source-path";
import { isInside, nearestRealPath, realRoots } from "@/lib/fs/real-path";
import { noteStagedBytes, stagingAllowance } from "@/lib/imports/staging-budget";
import { saidError } from "@/lib/errors/said-error";

const STAGING_ID = /^[a-f0-9]{24}$/;

export function stagingRoot(projectId: string, stagingId: string): string {
  if (!STAGING_ID.test(stagingId) || !/^[a-z0-9]+$/.test(projectId)) throw saidError("not_found", "messages.noSuchUpload");
  return path.join(env().stagingDir, projectId, stagingId);
}

export async function createStaging(projectId: string): Promise<string> {
  const stagingId = randomBytes(12).toString("hex");
  await mkdir(stagingRoot(projectId, stagingId), { recursive: true });
  return stagingId;
}

export async function stagingExists(projectId: string, stagingId: string): Promise<boolean> {
  try {
    return (await stat(stagingRoot(projectId, stagingId))).isDirectory();
  } catch {
    return false;
  }
}

function byteLimit(maxBytes: number, refusal: () => AppError) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(refusal());
      else callback(null, chunk);
    },
  });
}

export async function writeStagedFile(
  projectId: string,
  stagingId: string,
  relativePath: string,
  body: ReadableStream<Uint8Array>,
  declaredBytes: number | null = null,
): Promise<{ path: string; bytes: number }> {
  const checked = checkSourcePath(relativePath);
  if ("refused" in checked) throw new AppError("invalid_input", `${relativePath}: ${checked.refused}`);
  const root = stagingRoot(projectId, stagingId);
  if (!(await stagingExists(projectId, stagingId))) throw saidError("not_found", "messages.noSuchUpload");
  // Refused before a byte is written when the declared size does not fit; bounded while
  // streaming by what is left when it does not say.
  const allowance = await stagingAllowance(projectId, checked.path, declaredBytes ?? 0);
  const target = path.join(root, checked.path);
  await mkdir(path.dirname(target), { recursive: true });
  // A directory of the path could be a symlink only if something other than us wrote it;
  // check anyway that the real parent stays inside the staging root.
  const realParent = await realpath(path.dirname(target));
  if (!(realParent + path.sep).startsWith((await realpath(root)) + path.sep) && realParent !== (await realpath(root))) {
    throw new AppError("invalid_input", `${relativePath}: leaves the upload directory`);
  }
  const temp = `${target}.${randomBytes(6).toString("hex")}.part`;
  try {
    await pipeline(Readable.fromWeb(body as never), byteLimit(allowance.bytes, allowance.refusal), createWriteStream(temp, { flags: "wx" }));
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    if ((error as NodeJS.ErrnoException).code === "ENOSPC") throw saidError("unavailable", "messages.diskFull");
    throw error;
  }
  const bytes = (await stat(target)).size;
  noteStagedBytes(projectId, bytes);
  return { path: checked.path, bytes };
}

export async function removeStaging(projectId: string, stagingId: string): Promise<void> {
  await rm(stagingRoot(projectId, stagingId), { recursive: true, force: true });
}

/**
 * A server-side path an admin named: allowed only when its real path (every symlink followed,
 * including a symlinked parent of a path that does not exist) is inside one of
 * VERITY_IMPORT_ROOTS. Every path outside gets the same answer whether it exists or not, so
 * the import screen is no way to learn what is on the server. Checked again when the job runs.
 */
export async function resolveServerPath(requested: string): Promise<string> {
  const roots = env().importRoots;
  if (roots.length === 0) throw saidError("forbidden", "messages.serverImportsOff");
  const { real, exists } = await nearestRealPath(path.resolve(requested));
  const inside = (await realRoots(roots)).some((root) => isInside(root, real));
  if (!inside) throw saidError("not_found", "messages.notInImportRoots", { path: requested });
  if (!exists) throw saidError("not_found", "messages.noSuchPathInRoots", { path: requested });
  return real;
}

/** A staging path (an upload, its unpacked archive) whose real path is still under the staging dir. */
export async function confineToStaging(target: string): Promise<string> {
  const real = await realpath(target).catch(() => null);
  const stagingReal = (await nearestRealPath(env().stagingDir)).real;
  if (!real || !isInside(stagingReal, real)) throw saidError("not_found", "messages.uploadGone");
  return real;
}

/** The target a job may read now: checked again where it was confined when the job was queued. */
export async function confinedJobTarget(params: { target: string; confine?: "import-roots" | "staging" }): Promise<string> {
  if (params.confine === "import-roots") return resolveServerPath(params.target);
  if (params.confine === "staging") return confineToStaging(params.target);
  return params.target;
}

/** Deletes a job's upload once the job has ended (not when another worker took it over and runs it). */
export async function removeStagingOfEndedJob(db: Db, jobId: string, dir: string | undefined): Promise<void> {
  if (!dir) return;
  const job = await db.job.findUnique({ where: { id: jobId }, select: { status: true } });
  if (job && !["succeeded", "failed", "cancelled"].includes(job.status)) return;
  const stagingReal = (await nearestRealPath(env().stagingDir)).real;
  if (!isInside(stagingReal, (await nearestRealPath(dir)).real) || path.resolve(dir) === path.resolve(env().stagingDir)) return;
  await rm(dir, { recursive: true, force: true });
}
