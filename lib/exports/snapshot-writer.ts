// Writes an immutable pool snapshot atomically (SPEC §6):
//   1. every file into <pool>/snapshots/.tmp-<id>-<random>/ (this attempt's own dir), each
//      streamed, hashed while written and fsynced, then made read-only (0444); a file the base
//      snapshot already holds with the same sha256 (an unchanged image) is hard-linked from it
//      instead, and written from its content when the base's copy is not there as listed;
//   2. manifest.json LAST (sha256 + size of every file), fsynced, read-only, then the
//      directories, made read-only too (0555) so nothing adds to a committed snapshot;
//   3. rename(.tmp-<id>, <id>): the snapshot appears whole or not at all;
//   4. <pool>/latest (content: the id) replaced by writing a temp file and renaming it.
// Invariants: an existing snapshots/<id> is never overwritten (conflict); on any error before
// step 3 the temp dir is removed and snapshots/<id> does not exist. The rename is the commit
// point: if moving `latest` fails afterwards, the snapshot stays (complete and verifiable) and
// the error is thrown; `pointLatestAt` retries just that step. A process killed before step 3
// leaves only its hidden temp dir, which readers never list and which no later attempt needs:
// each attempt has its own, and the temp dirs of an id are swept once that id is committed.
import "server-only";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { chmod, copyFile, link, lstat, mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors";
import {
  MANIFEST_FILE,
  SnapshotFileNameSchema,
  SnapshotIdSchema,
  buildManifest,
  type ManifestInput,
  type SnapshotManifest,
} from "@/lib/exports/snapshot-manifest";
import { contentChunks, contentDigest } from "@/lib/exports/snapshot-content";
import type { SnapshotFileContent, StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";

export type SnapshotFile = StreamedSnapshotFile;

export type SnapshotInput = {
  poolDir: string;
  snapshotId: string;
  // An async generator lets the caller produce one file at a time instead of holding all.
  files: Iterable<SnapshotFile> | AsyncIterable<SnapshotFile>;
  // Called once the last file is written: counts are final only then.
  manifest: () => ManifestInput;
};

export const READ_ONLY_FILE = 0o444;
export const READ_ONLY_DIR = 0o555;

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

// "create": a duplicate name inside one snapshot fails instead of silently replacing a file.
// Never through a symbolic link: a link planted where a file goes is refused, not followed.
const OPEN_FLAGS = {
  create: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
  replace: constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0),
};

// Returns the sha256 and size of what was written, hashed on the way to the disk.
async function writeDurably(filePath: string, content: SnapshotFileContent, mode: keyof typeof OPEN_FLAGS): Promise<{ sha256: string; bytes: number }> {
  const handle = await open(filePath, OPEN_FLAGS[mode], 0o666);
  const digest = contentDigest();
  try {
    for await (const chunk of contentChunks(content)) {
      digest.update(chunk);
      await handle.write(chunk);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  const { sha256, bytes } = digest.result();
  return { sha256, bytes };
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

// The base snapshot's copy, linked (or copied, across devices) when it is the listed file.
async function reuseFromBase(poolDir: string, target: string, file: SnapshotFile): Promise<{ sha256: string; bytes: number } | null> {
  if (!file.reuse) return null;
  const source = path.join(snapshotsDir(poolDir), file.reuse.snapshotId, ...file.name.split("/"));
  const found = await lstat(source).catch(() => null);
  if (!found?.isFile() || found.size !== file.reuse.bytes) return null;
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "EMLINK") throw error;
    await copyFile(source, target, constants.COPYFILE_EXCL);
  }
  return { sha256: file.reuse.sha256, bytes: file.reuse.bytes };
}

// Independent files (the images) written at once: each costs an open, a write, an fsync and a
// chmod, mostly waiting for the disk, and one after another they were a third of a 20,000-row
// export's time (1,000 screenshots, 1.2 s). The thread pool runs four at a time.
const INDEPENDENT_AT_ONCE = 8;

async function writeFiles(poolDir: string, tempDir: string, files: SnapshotInput["files"]): Promise<SnapshotManifest["files"]> {
  const written: SnapshotManifest["files"] = [];
  const names = new Set<string>();
  const dirs = new Set<string>([tempDir]);
  // Writes under way (independent files); the first failure among them, thrown once all ended.
  const inFlight = new Set<Promise<void>>();
  let failed: { error: unknown } | null = null;
  const drain = async () => {
    while (inFlight.size > 0) await Promise.race(inFlight);
  };
  const settle = async () => {
    await drain();
    if (failed) throw failed.error;
  };
  const writeOne = async (target: string, file: SnapshotFile, slot: number, name: string) => {
    const reused = await reuseFromBase(poolDir, target, file);
    const { sha256, bytes } = reused ?? (await writeDurably(target, file.content, "create"));
    if (!reused) await chmod(target, READ_ONLY_FILE);
    written[slot] = { name, sha256, bytes };
  };
  try {
    for await (const file of files) {
      await writeFile(file);
      if (failed) break;
    }
    await settle();
  } finally {
    // Nothing is left writing into the temp dir when the caller removes it.
    await drain();
  }
  // Deepest first, so each parent is synced after its children's entries are final.
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) await syncDir(dir);
  return written;

  async function writeFile(file: SnapshotFile) {
    const name = SnapshotFileNameSchema.safeParse(file.name);
    if (!name.success) {
      throw new AppError("invalid_input", `bad snapshot file name ${JSON.stringify(file.name)}`, name.error.issues);
    }
    if (names.has(name.data)) {
      throw new AppError("invalid_input", `snapshot file ${name.data} is given twice`, { name: name.data });
    }
    names.add(name.data);
    const target = path.join(tempDir, ...name.data.split("/"));
    const dir = path.dirname(target);
    if (!dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      dirs.add(dir);
    }
    const slot = written.length;
    written.length += 1;
    if (!file.independent) {
      // A file that may depend on those before it (changes.jsonl on the rows' ledger) waits for them.
      await settle();
      await writeOne(target, file, slot, name.data);
      return;
    }
    while (inFlight.size >= INDEPENDENT_AT_ONCE) await Promise.race(inFlight);
    const write: Promise<void> = writeOne(target, file, slot, name.data)
      .catch((error: unknown) => {
        failed ??= { error };
      })
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
  }
}

// Every directory of the snapshot read-only, deepest first (the snapshot's own last).
async function sealDirs(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await sealDirs(path.join(dir, entry.name));
  }
  await chmod(dir, READ_ONLY_DIR);
}

export async function pointLatestAt(poolDir: string, snapshotId: string): Promise<void> {
  const id = SnapshotIdSchema.parse(snapshotId);
  // Named per snapshot so two exports finishing together cannot rename each other's temp file.
  const temp = path.join(poolDir, `${LATEST_FILE}.tmp-${id}`);
  // Exactly the id, no newline: a trainer joining it onto a path must not need to strip it.
  await writeDurably(temp, id, "replace");
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
  const tempDir = path.join(root, `${tempPrefix(id)}${randomBytes(6).toString("hex")}`);

  await mkdir(root, { recursive: true });
  if (await exists(finalDir)) throw new AppError("conflict", `snapshot ${id} already exists`, { id });
  // Not recursive: the random name is this attempt's alone.
  await mkdir(tempDir);

  let manifest: SnapshotManifest;
  try {
    const files = await writeFiles(input.poolDir, tempDir, input.files);
    manifest = buildManifest(id, input.manifest(), files);
    const manifestPath = path.join(tempDir, MANIFEST_FILE);
    await writeDurably(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`, "create");
    await chmod(manifestPath, READ_ONLY_FILE);
    await sealDirs(tempDir);
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
    await removeTree(tempDir);
    throw error;
  }
  await syncDir(root);
  await sweepAbandonedTempDirs(root, id);
  await pointLatestAt(input.poolDir, id);
  return manifest;
}

const tempPrefix = (id: string) => `.tmp-${id}-`;

// Temp dirs of an id that is now committed can only be crashed attempts (or one still running
// that will lose at the rename anyway): nothing will ever rename them, so they go.
async function sweepAbandonedTempDirs(root: string, id: string): Promise<void> {
  const prefix = tempPrefix(id);
  const leftovers = (await readdir(root)).filter((name) => name.startsWith(prefix) && /^[0-9a-f]{12}$/.test(name.slice(prefix.length)));
  for (const name of leftovers) await removeTree(path.join(root, name));
}

// A temp dir may already be sealed read-only: open its directories again so it can go.
export async function removeTree(dir: string): Promise<void> {
  const unseal = async (d: string): Promise<void> => {
    await chmod(d, 0o755).catch(() => undefined);
    for (const entry of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await unseal(path.join(d, entry.name));
    }
  };
  await unseal(dir);
  await rm(dir, { recursive: true, force: true });
}
