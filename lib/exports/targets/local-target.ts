// A pool in a local directory: the atomic snapshot writer (temp dir, manifest last, rename)
// and its reader, behind the PoolTarget interface. The directory is written only where no
// symbolic link is on the way (a pool stores its real path, lib/pools/local-target-roots.ts):
// checked before the directories are made and again after, and files are opened without
// following links (snapshot-writer.ts).
import "server-only";
import { mkdir, realpath } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { nearestRealPath } from "@/lib/fs/real-path";
import { listSnapshotIds, openSnapshotFile, readLatestSnapshotId, readSnapshot, readSnapshotManifest } from "@/lib/exports/snapshot-reader";
import { snapshotsDir, writeSnapshot } from "@/lib/exports/snapshot-writer";
import type { PoolTarget } from "@/lib/exports/targets/pool-target";

async function ensureLinkFreeDirectory(dir: string): Promise<void> {
  const refuse = (real: string) =>
    new AppError("invalid_input", `Pool directory ${dir} leads through a symbolic link (to ${real}); a pool is only written where no link is on the way.`);
  const before = await nearestRealPath(dir);
  if (before.real !== path.resolve(dir)) throw refuse(before.real);
  await mkdir(dir, { recursive: true });
  const after = await realpath(dir);
  if (after !== path.resolve(dir)) throw refuse(after);
}

export function createLocalPoolTarget(poolDir: string): PoolTarget {
  return {
    describe: () => `local:${poolDir}`,
    writeSnapshot: async (input) => {
      await ensureLinkFreeDirectory(poolDir);
      return writeSnapshot({ ...input, poolDir });
    },
    readLatestSnapshotId: () => readLatestSnapshotId(poolDir),
    listSnapshotIds: () => listSnapshotIds(poolDir),
    verifySnapshot: async (snapshotId) => (await readSnapshot(poolDir, snapshotId)).manifest,
    readManifest: (snapshotId) => readSnapshotManifest(poolDir, snapshotId),
    openFile: (snapshotId, name) => openSnapshotFile(poolDir, snapshotId, name),
    localDirOf: (snapshotId) => path.join(snapshotsDir(poolDir), snapshotId),
  };
}
