import "server-only";
// The locks every claim transition takes, per provider, always in one order:
// queue member (the claimer) -> queue item -> claim rows. One fixed order is what keeps
// concurrent claims, submissions and releases on PostgreSQL free of deadlocks.
//
// SQLite has no row locks: the database has one writer at a time. Prisma's better-sqlite3
// adapter opens transactions with a plain (deferred) BEGIN, and a deferred transaction that
// reads first and writes later fails with SQLITE_BUSY instead of waiting when another
// process wrote in between. So on SQLite the "lock" is a no-op UPDATE issued as the
// transaction's FIRST statement: it takes the write lock up front (waiting out the busy
// timeout), which makes the transaction behave as BEGIN IMMEDIATE and serializes it
// against every other writer.
import type { WriteTx } from "@/lib/db/write-transaction";

// Interactive transactions wait for one another (SQLite: the adapter's mutex; PostgreSQL:
// the pool and row locks); Prisma's 2 s default wait is too short under a burst of claims,
// and a loaded machine must slow a claim down, never fail it.
export const CLAIM_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;

export type ClaimingQueue = { projectId: string; status: string; overlap: number; leaseSeconds: number };

/**
 * Locks the claimer's membership row and reads the queue in the same statement; null when the
 * user is not a member of the queue. Only the member row is locked: the queue's settings are
 * read as of this statement, as a separate read would have read them.
 */
export async function lockQueueMember(w: WriteTx, queueId: string, userId: string): Promise<ClaimingQueue | null> {
  if (w.provider === "postgres") {
    const rows = await w.exec.all<ClaimingQueue>(
      `SELECT q."projectId", q."status", q."overlap", q."leaseSeconds"
         FROM "QueueMember" m JOIN "Queue" q ON q."id" = m."queueId"
        WHERE m."queueId" = ? AND m."userId" = ?
        FOR UPDATE OF m`,
      [queueId, userId],
    );
    return rows[0] ?? null;
  }
  const changed = await w.exec.run(`UPDATE "QueueMember" SET "userId" = "userId" WHERE "queueId" = ? AND "userId" = ?`, [queueId, userId]);
  if (changed !== 1) return null;
  const rows = await w.exec.all<ClaimingQueue>(`SELECT "projectId", "status", "overlap", "leaseSeconds" FROM "Queue" WHERE "id" = ?`, [queueId]);
  return rows[0] ?? null;
}

/** Locks the queue item a claim belongs to (before the claim row itself, see the order above). */
export async function lockItemOfClaim(w: WriteTx, claimId: string): Promise<void> {
  if (w.provider === "postgres") {
    await w.exec.all(`SELECT qi."id" FROM "QueueItem" qi JOIN "Claim" c ON c."queueItemId" = qi."id" WHERE c."id" = ? FOR NO KEY UPDATE OF qi`, [claimId]);
    return;
  }
  await w.exec.run(`UPDATE "QueueItem" SET "submittedCount" = "submittedCount" WHERE "id" = (SELECT "queueItemId" FROM "Claim" WHERE "id" = ?)`, [claimId]);
}

/** Locks a queue item by id (a reviewer settling it takes the same lock claimers take). */
export async function lockQueueItem(w: WriteTx, queueItemId: string): Promise<void> {
  if (w.provider === "postgres") {
    await w.exec.all(`SELECT "id" FROM "QueueItem" WHERE "id" = ? FOR NO KEY UPDATE`, [queueItemId]);
    return;
  }
  await w.exec.run(`UPDATE "QueueItem" SET "submittedCount" = "submittedCount" WHERE "id" = ?`, [queueItemId]);
}
