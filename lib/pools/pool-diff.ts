import "server-only";
// What an export of a pool would add, change and remove against its latest snapshot, before
// it runs: the export's own plan (lib/exports/build/snapshot-plan.ts) run dry under a
// throwaway Snapshot row (status "preview", never listed or served), its rows hashed into the
// ledger and compared with the latest snapshot's exactly as the export's changes.jsonl will
// be; then the throwaway row and its rows are deleted. Nothing is written to the target.
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { baseSnapshotOf } from "@/lib/exports/execute-export";
import { planSnapshot } from "@/lib/exports/build/snapshot-plan";
import { changedRows, countChanges, type ChangeCounts } from "@/lib/exports/ledger/snapshot-rows";
import type { MediaStore } from "@/lib/media/store";
import { findPool } from "@/lib/pools/pools";
import { openSqlReader } from "@/lib/db/sql-reader";

export type PoolDiff = {
  baseSnapshotId: string | null;
  changes: ChangeCounts;
  rows: number;
  // The first ids of each kind of change, with their files.
  examples: Record<keyof ChangeCounts, { file: string; id: string }[]>;
  counts: Record<string, number>;
};

const EXAMPLES = 10;

export async function diffAgainstLatest(db: Db, projectId: string, poolId: string, store: MediaStore): Promise<PoolDiff> {
  const pool = await findPool(db, projectId, poolId);
  const base = await baseSnapshotOf(db, pool.id);
  // A diff whose process died leaves its throwaway row; an hour later it is surely not running.
  await db.snapshot.deleteMany({ where: { poolId: pool.id, status: "preview", createdAt: { lt: new Date(Date.now() - 3_600_000) } } });
  const previewId = `preview-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  await db.snapshot.create({ data: { id: previewId, poolId: pool.id, status: "preview", filters: {}, untilAt: new Date() } });
  const reader = openSqlReader(db);
  try {
    const plan = await planSnapshot({
      db,
      reader,
      pool,
      snapshotId: previewId,
      until: new Date(),
      mode: "incremental",
      base: base ? { snapshotId: base.id, imageFiles: null } : null,
      store,
      localDir: null,
      remote: null,
      dryRun: true,
      pageSize: 2000,
      onItems: async () => {},
    });
    for await (const file of plan.files()) {
      if (typeof file.content === "string" || Buffer.isBuffer(file.content)) continue;
      for await (const _chunk of file.content) void _chunk;
    }
    const baseId = base?.id ?? null;
    const examples = { added: [], updated: [], removed: [] } as PoolDiff["examples"];
    for (const kind of ["added", "updated", "removed"] as const) {
      for await (const page of changedRows(db, kind, previewId, baseId, EXAMPLES)) {
        examples[kind] = page.map((r) => ({ file: r.file, id: r.rowKey }));
        break;
      }
    }
    return { baseSnapshotId: baseId, changes: await countChanges(db, previewId, baseId), rows: plan.ctx.tally.rows, examples, counts: plan.ctx.tally.counts };
  } finally {
    reader.close();
    await db.snapshot.delete({ where: { id: previewId } });
  }
}
