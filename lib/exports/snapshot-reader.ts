// Reads a pool snapshot back and proves it is the one that was written: the manifest parses,
// every listed file exists with its size and sha256, and no unlisted file sits beside them.
// A mismatch is corruption or tampering, not a caller error: it throws a plain Error.
import "server-only";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
import { MANIFEST_FILE, SnapshotIdSchema, SnapshotManifestSchema, type SnapshotManifest } from "@/lib/exports/snapshot-manifest";
import { LATEST_FILE, snapshotsDir } from "@/lib/exports/snapshot-writer";

export type VerifiedSnapshot = { dir: string; manifest: SnapshotManifest };

async function sha256Of(filePath: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  // Streamed: data files can be far larger than memory should hold.
  for await (const chunk of createReadStream(filePath)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

function parseId(snapshotId: string): string {
  const id = SnapshotIdSchema.safeParse(snapshotId);
  if (!id.success) throw new AppError("invalid_input", `bad snapshot id ${JSON.stringify(snapshotId)}`, id.error.issues);
  return id.data;
}

/** The manifest of a complete snapshot, parsed but without checking the files (see readSnapshot). */
export async function readSnapshotManifest(poolDir: string, snapshotId: string): Promise<SnapshotManifest> {
  const id = parseId(snapshotId);
  let raw: string;
  try {
    raw = await readFile(path.join(snapshotsDir(poolDir), id, MANIFEST_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new AppError("not_found", `no snapshot ${id}`, { id });
    throw error;
  }
  const manifest = SnapshotManifestSchema.parse(JSON.parse(raw));
  if (manifest.snapshotId !== id) throw new Error(`snapshot ${id} holds the manifest of ${manifest.snapshotId}`);
  return manifest;
}

export async function readSnapshot(poolDir: string, snapshotId: string): Promise<VerifiedSnapshot> {
  const id = parseId(snapshotId);
  const dir = path.join(snapshotsDir(poolDir), id);
  const manifest = await readSnapshotManifest(poolDir, id);

  const listed = new Set(manifest.files.map((f) => f.name));
  const extra = (await listFiles(dir)).filter((name) => name !== MANIFEST_FILE && !listed.has(name));
  if (extra.length > 0) throw new Error(`snapshot ${id} has files its manifest does not list: ${extra.join(", ")}`);

  for (const file of manifest.files) {
    const actual = await sha256Of(path.join(dir, ...file.name.split("/")));
    if (actual.sha256 !== file.sha256 || actual.bytes !== file.bytes) {
      throw new Error(`snapshot ${id}: ${file.name} does not match its manifest sha256`);
    }
  }
  return { dir, manifest };
}

// The id `latest` points at, or null for a pool that has no snapshot yet.
export async function readLatestSnapshotId(poolDir: string): Promise<string | null> {
  try {
    return SnapshotIdSchema.parse((await readFile(path.join(poolDir, LATEST_FILE), "utf8")).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Complete snapshots (a directory with a manifest), oldest manifest first. Temp dirs are hidden. */
export async function listSnapshotIds(poolDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(snapshotsDir(poolDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const complete: { id: string; committedAt: number }[] = [];
  for (const name of names) {
    if (!SnapshotIdSchema.safeParse(name).success) continue;
    const manifestStat = await stat(path.join(snapshotsDir(poolDir), name, MANIFEST_FILE)).catch(() => null);
    if (manifestStat?.isFile()) complete.push({ id: name, committedAt: manifestStat.mtimeMs });
  }
  return complete.sort((a, b) => a.committedAt - b.committedAt || a.id.localeCompare(b.id)).map((s) => s.id);
}

/** A file the snapshot's manifest lists; anything else (or an incomplete snapshot) is not_found. */
export async function openSnapshotFile(poolDir: string, snapshotId: string, name: string): Promise<Readable> {
  const manifest = await readSnapshotManifest(poolDir, snapshotId);
  if (!manifest.files.some((f) => f.name === name)) {
    throw new AppError("not_found", `snapshot ${manifest.snapshotId} has no file ${JSON.stringify(name)}`, { name });
  }
  const handle = await open(path.join(snapshotsDir(poolDir), manifest.snapshotId, ...name.split("/")), "r");
  return handle.createReadStream();
}
