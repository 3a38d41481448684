import "server-only";
// Where uploaded import files wait for preview and commit: one directory per staging id under
// <data dir>/imports/<project id>/. Files are streamed to disk with a size bound, written to
// a temp name and renamed, and only ever under names that checkSourcePath accepts.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, realpath, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { checkSourcePath } from "@/lib/imports/sources/source-path";

const STAGING_ID = /^[a-f0-9]{24}$/;

export function stagingRoot(projectId: string, stagingId: string): string {
  if (!STAGING_ID.test(stagingId) || !/^[a-z0-9]+$/.test(projectId)) throw new AppError("not_found", "No such upload.");
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

function byteLimit(maxBytes: number, name: string) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new AppError("too_large", `${name}: larger than the ${Math.round(maxBytes / 1048576)} MB upload limit`));
      else callback(null, chunk);
    },
  });
}

export async function writeStagedFile(
  projectId: string,
  stagingId: string,
  relativePath: string,
  body: ReadableStream<Uint8Array>,
  maxBytes = env().VERITY_MAX_UPLOAD_MB * 1048576,
): Promise<{ path: string; bytes: number }> {
  const checked = checkSourcePath(relativePath);
  if ("refused" in checked) throw new AppError("invalid_input", `${relativePath}: ${checked.refused}`);
  const root = stagingRoot(projectId, stagingId);
  if (!(await stagingExists(projectId, stagingId))) throw new AppError("not_found", "No such upload.");
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
    await pipeline(Readable.fromWeb(body as never), byteLimit(maxBytes, checked.path), createWriteStream(temp, { flags: "wx" }));
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    if ((error as NodeJS.ErrnoException).code === "ENOSPC") throw new AppError("unavailable", "The disk is full: the upload was not kept.");
    throw error;
  }
  return { path: checked.path, bytes: (await stat(target)).size };
}

export async function removeStaging(projectId: string, stagingId: string): Promise<void> {
  await rm(stagingRoot(projectId, stagingId), { recursive: true, force: true });
}

/** A server-side path an admin named: allowed only inside one of VERITY_IMPORT_ROOTS. */
export async function resolveServerPath(requested: string): Promise<string> {
  const roots = env().importRoots;
  if (roots.length === 0) throw new AppError("forbidden", "Server-side imports are off: set VERITY_IMPORT_ROOTS to the directories allowed.");
  let real: string;
  try {
    real = await realpath(path.resolve(requested));
  } catch {
    throw new AppError("not_found", `${requested}: no such file or directory on the server`);
  }
  for (const root of roots) {
    const realRoot = await realpath(root).catch(() => null);
    if (realRoot && (real === realRoot || real.startsWith(realRoot + path.sep))) return real;
  }
  throw new AppError("forbidden", `${requested}: outside the allowed import roots`);
}
