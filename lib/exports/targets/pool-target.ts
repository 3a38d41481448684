// Where a pool's snapshots go: a local directory or an S3-compatible bucket + prefix. Both
// keep the same promise (SPEC §6): a reader never sees a half snapshot. Locally the snapshot
// is written under a temporary name and renamed; on S3 the data files go first, manifest.json
// last (a snapshot without a manifest does not exist for readers), then `latest`.
import "server-only";
import type { Readable } from "node:stream";
import type { ManifestInput, SnapshotManifest } from "@/lib/exports/snapshot-manifest";

// File content may be streamed: a 1M-row JSONL must never sit in memory whole.
export type SnapshotFileContent = Buffer | string | AsyncIterable<Buffer | string>;
// `reuse`: the same bytes are already in an earlier snapshot of the pool (an unchanged image):
// the target carries them over (a hard link, a copy inside the bucket) instead of consuming
// `content`, and falls back to `content` when the earlier file is not there as listed.
// `independent`: nothing about this file depends on the files before it being written, and
// asking for the next file does not wait on its content (an image's bytes from the store): a
// target may write it beside its neighbours. The manifest lists files in the order given either way.
export type StreamedSnapshotFile = { name: string; content: SnapshotFileContent; reuse?: { snapshotId: string; sha256: string; bytes: number }; independent?: true };

// `manifest` is called once every file is written: the counts are only final then.
export type SnapshotWrite = {
  snapshotId: string;
  files: Iterable<StreamedSnapshotFile> | AsyncIterable<StreamedSnapshotFile>;
  manifest: () => ManifestInput;
};

export type PoolTarget = {
  /** "local:/abs/dir" or "s3://bucket/prefix", for messages and the pools screen. */
  describe(): string;
  /** Atomic: on any error nothing is visible under snapshots/<id>; throws conflict if <id> exists. */
  writeSnapshot(input: SnapshotWrite): Promise<SnapshotManifest>;
  /** The id `latest` points at, or null. */
  readLatestSnapshotId(): Promise<string | null>;
  /** Complete snapshots only (those with a manifest), oldest first. */
  listSnapshotIds(): Promise<string[]>;
  /** The manifest, after checking every listed file's size and sha256 (corruption throws). */
  verifySnapshot(snapshotId: string): Promise<SnapshotManifest>;
  readManifest(snapshotId: string): Promise<SnapshotManifest>;
  openFile(snapshotId: string, name: string): Promise<Readable>;
  /** Where a snapshot's files are for a trainer on this machine (local targets), or null (S3). */
  localDirOf(snapshotId: string): string | null;
};

export type PoolTargetConfig = { targetType: "local" | "s3"; targetUri: string };
