import "server-only";
// Bulk writes (imports) that change an item's inputs mark it stale in the same transaction:
// derivedRevision 0 is never a project's revision, so the item is derived again at the end of
// the batch (lib/imports/write/run-import.ts), or by the next recompute if the import was
// killed first. New rows are stale from the start (the column's default).
import type { Tx } from "@/lib/db";

type Client = Pick<Tx, "groundingSample" | "trajectory">;

export async function markSamplesStale(tx: Client, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) await tx.groundingSample.updateMany({ where: { id: { in: ids.slice(i, i + 500) } }, data: { derivedRevision: 0 } });
}

export async function markTrajectoriesStale(tx: Client, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) await tx.trajectory.updateMany({ where: { id: { in: ids.slice(i, i + 500) } }, data: { derivedRevision: 0 } });
}
