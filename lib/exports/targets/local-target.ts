// A pool in a local directory: the atomic snapshot writer (temp dir, manifest last, rename)
// and its reader, behind the PoolTarget interface.
import "server-only";
import { listSnapshotIds, openSnapshotFile, readLatestSnapshotId, readSnapshot, readSnapshotManifest } from "@/lib/exports/snapshot-reader";
import { writeSnapshot } from "@/lib/exports/snapshot-writer";
import type { PoolTarget } from "@/lib/exports/targets/pool-target";

export function createLocalPoolTarget(poolDir: string): PoolTarget {
  return {
    describe: () => `local:${poolDir}`,
    writeSnapshot: (input) => writeSnapshot({ ...input, poolDir }),
    readLatestSnapshotId: () => readLatestSnapshotId(poolDir),
    listSnapshotIds: () => listSnapshotIds(poolDir),
    verifySnapshot: async (snapshotId) => (await readSnapshot(poolDir, snapshotId)).manifest,
    readManifest: (snapshotId) => readSnapshotManifest(poolDir, snapshotId),
    openFile: (snapshotId, name) => openSnapshotFile(poolDir, snapshotId, name),
  };
}
