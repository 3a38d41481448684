// Reads a pool snapshot back and proves it is the one that was written: the manifest parses,
// every listed file exists with its size and sha256, and no unlisted file sits beside them.
// A mismatch is corruption or tampering, not a caller error: it throws a plain Error.
import "server-only";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
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

export async function readSnapshot(poolDir: string, snapshotId: string): Promise<VerifiedSnapshot> {
  const id = SnapshotIdSchema.parse(snapshotId);
  const dir = path.join(snapshotsDir(poolDir), id);
  let raw: string;
  try {
    raw = await readFile(path.join(dir, MANIFEST_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new AppError("not_found", `no snapshot ${id}`, { id });
    throw error;
  }
  const manifest = SnapshotManifestSchema.parse(JSON.parse(raw));
  if (manifest.snapshotId !== id) throw new Error(`snapshot ${id} holds the manifest of ${manifest.snapshotId}`);

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
