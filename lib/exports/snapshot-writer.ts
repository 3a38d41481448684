// Writes an immutable pool snapshot atomically (SPEC §6):
//   1. every file into <pool>/snapshots/.tmp-<id>/ (created exclusively), each hashed while
//      written and fsynced;
//   2. manifest.json LAST (sha256 + size of every file), fsynced, then the directories;
//   3. rename(.tmp-<id>, <id>): the snapshot appears whole or not at all;
//   4. <pool>/latest (content: the id) replaced by writing a temp file and renaming it.
// Invariants: an existing snapshots/<id> is never overwritten (conflict); on any error before
// step 3 the temp dir is removed and snapshots/<id> does not exist. The rename is the commit
// point: if moving `latest` fails afterwards, the snapshot stays (complete and verifiable) and
// the error is thrown; `pointLatestAt` retries just that step.
import "server-only";
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { lstat, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors";
import {
  MANIFEST_FILE,
  SnapshotFileNameSchema,
  SnapshotIdSchema,
  SnapshotManifestSchema,
  type SnapshotManifest,
} from "@/lib/exports/snapshot-manifest";

export type SnapshotFile = { name: string; content: Buffer | string };

export type SnapshotInput = {
  poolDir: string;
  snapshotId: string;
  // An async generator lets the caller produce one file at a time instead of holding all.
  files: Iterable<SnapshotFile> | AsyncIterable<SnapshotFile>;
  filters: Record<string, unknown>;
  counts: Record<string, number>;
  annotationIds: string[];
  overrideIds: string[];
  verityVersion: string;
  unverifiedIncluded: boolean;
};

export const snapshotsDir = (poolDir: string) => path.join(poolDir, "snapshots");
export const LATEST_FILE = "latest";

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

// 'wx': a duplicate name inside one snapshot fails instead of silently replacing a file.
async function writeDurably(filePath: string, content: Buffer | string, flags: string): Promise<void> {
  const handle = await open(filePath, flags);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// A rename or a new entry is only durable once its directory is fsynced.
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeFiles(tempDir: string, files: SnapshotInput["files"]): Promise<SnapshotManifest["files"]> {
  const written: SnapshotManifest["files"] = [];
  const dirs = new Set<string>([tempDir]);
  for await (const file of files) {
    const name = SnapshotFileNameSchema.safeParse(file.name);
    if (!name.success) {
      throw new AppError("invalid_input", `bad snapshot file name ${JSON.stringify(file.name)}`, name.error.issues);
    }
    if (written.some((w) => w.name === name.data)) {
      throw new AppError("invalid_input", `snapshot file ${name.data} is given twice`, { name: name.data });
    }
    const target = path.join(tempDir, ...name.data.split("/"));
    const dir = path.dirname(target);
    if (!dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      dirs.add(dir);
    }
    const bytes = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content;
    await writeDurably(target, bytes, "wx");
    written.push({ name: name.data, sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length });
  }
  // Deepest first, so each parent is synced after its children's entries are final.
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) await syncDir(dir);
  return written;
}

export async function pointLatestAt(poolDir: string, snapshotId: string): Promise<void> {
  const id = SnapshotIdSchema.parse(snapshotId);
  // Named per snapshot so two exports finishing together cannot rename each other's temp file.
  const temp = path.join(poolDir, `${LATEST_FILE}.tmp-${id}`);
  // Exactly the id, no newline: a trainer joining it onto a path must not need to strip it.
  await writeDurably(temp, id, "w");
  await rename(temp, path.join(poolDir, LATEST_FILE));
  await syncDir(poolDir);
}

export async function writeSnapshot(input: SnapshotInput): Promise<SnapshotManifest> {
  const parsedId = SnapshotIdSchema.safeParse(input.snapshotId);
  if (!parsedId.success) {
    throw new AppError("invalid_input", `bad snapshot id ${JSON.stringify(input.snapshotId)}`, parsedId.error.issues);
  }
  const id = parsedId.data;
  const root = snapshotsDir(input.poolDir);
  const finalDir = path.join(root, id);
  const tempDir = path.join(root, `.tmp-${id}`);

  await mkdir(root, { recursive: true });
  if (await exists(finalDir)) throw new AppError("conflict", `snapshot ${id} already exists`, { id });
  try {
    // Not recursive: an existing temp dir is another export of this id in flight (or a crashed
    // one an operator should look at); it is not ours to reuse or delete.
    await mkdir(tempDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new AppError("conflict", `snapshot ${id} is being written (or a crashed export left ${tempDir})`, { id });
    }
    throw error;
  }

  let manifest: SnapshotManifest;
  try {
    const files = await writeFiles(tempDir, input.files);
    // Parsed, not just typed: a manifest the reader would reject must never be committed.
    manifest = SnapshotManifestSchema.parse({
      snapshotId: id,
      createdAt: new Date().toISOString(),
      verityVersion: input.verityVersion,
      unverifiedIncluded: input.unverifiedIncluded,
      filters: input.filters,
      counts: input.counts,
      annotationIds: input.annotationIds,
      overrideIds: input.overrideIds,
      files,
    });
    await writeDurably(path.join(tempDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, "wx");
    await syncDir(tempDir);
    // Checked again: a snapshot of this id may have landed while we wrote. rename() would
    // replace an empty directory of that name, so the check is what keeps <id> immutable.
    if (await exists(finalDir)) throw new AppError("conflict", `snapshot ${id} already exists`, { id });
    await rename(tempDir, finalDir).catch((error: NodeJS.ErrnoException) => {
      // A non-empty <id> that appeared after the check: rename refuses to replace it.
      if (error.code === "ENOTEMPTY" || error.code === "EEXIST") {
        throw new AppError("conflict", `snapshot ${id} already exists`, { id });
      }
      throw error;
    });
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
  await syncDir(root);
  await pointLatestAt(input.poolDir, id);
  return manifest;
}
