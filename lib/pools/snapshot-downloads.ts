import "server-only";
// Reading a pool's snapshots back for the pools screen: the manifest, and one file at a time
// streamed from the pool's target. Only snapshots this project's pool recorded as complete
// are served, and only files their manifest lists: ids and names come from the URL, so both
// are checked against what Verity itself wrote before the target is touched.
import { Readable } from "node:stream";
import path from "node:path";
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { SnapshotFileNameSchema, SnapshotIdSchema } from "@/lib/exports/snapshot-manifest";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import type { PoolTargetConfig } from "@/lib/exports/targets/pool-target";
import { completeSnapshot } from "@/lib/pools/pool-overview";
import { isRowId } from "@/lib/ids/row-id-shape";

async function snapshotTarget(db: Db, projectId: string, poolId: string, snapshotId: string) {
  if (!isRowId(poolId) || !SnapshotIdSchema.safeParse(snapshotId).success) throw saidError("not_found", "checks.noSuchSnapshot");
  const snapshot = await completeSnapshot(db, projectId, poolId, snapshotId);
  if (!snapshot) throw saidError("not_found", "checks.noSuchSnapshot");
  return poolTarget({ targetType: snapshot.pool.targetType as PoolTargetConfig["targetType"], targetUri: snapshot.pool.targetUri });
}

export async function snapshotManifest(db: Db, projectId: string, poolId: string, snapshotId: string) {
  return (await snapshotTarget(db, projectId, poolId, snapshotId)).readManifest(snapshotId);
}

const TYPES: Record<string, string> = {
  ".jsonl": "application/x-ndjson",
  ".json": "application/json",
  ".csv": "text/csv; charset=utf-8",
  ".parquet": "application/vnd.apache.parquet",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
};

/** One listed file of a snapshot as a download (never rendered inline). */
export async function snapshotFileResponse(db: Db, projectId: string, poolId: string, snapshotId: string, name: string | null): Promise<Response> {
  const parsed = SnapshotFileNameSchema.safeParse(name ?? "");
  if (!parsed.success) throw saidError("not_found", "checks.noSuchSnapshotFile");
  const target = await snapshotTarget(db, projectId, poolId, snapshotId);
  const manifest = await target.readManifest(snapshotId);
  const file = manifest.files.find((f) => f.name === parsed.data);
  if (!file) throw saidError("not_found", "checks.noSuchSnapshotFile");
  const stream = await target.openFile(snapshotId, file.name);
  const base = path.posix.basename(file.name);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": TYPES[path.posix.extname(base)] ?? "application/octet-stream",
      "Content-Length": String(file.bytes),
      "Content-Disposition": `attachment; filename="${base}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=3600, immutable",
    },
  });
}
