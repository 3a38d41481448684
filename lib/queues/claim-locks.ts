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
import type { Db, DbProvider } from "@/lib/db";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

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
export async function lockQueueMember(tx: Tx, provider: DbProvider, queueId: string, userId: string): Promise<ClaimingQueue | null> {
  if (provider === "postgres") {
    const rows = await tx.$queryRawUnsafe<ClaimingQueue[]>(
      `SELECT q."projectId", q."status", q."overlap", q."leaseSeconds"
         FROM "QueueMember" m JOIN "Queue" q ON q."id" = m."queueId"
        WHERE m."queueId" = $1 AND m."userId" = $2
        FOR UPDATE OF m`,
      queueId,
      userId,
    );
    return rows[0] ?? null;
  }
  const changed = await tx.$executeRawUnsafe(
    `UPDATE "QueueMember" SET "userId" = "userId" WHERE "queueId" = ? AND "userId" = ?`,
    queueId,
    userId,
  );
  if (changed !== 1) return null;
  return tx.queue.findUniqueOrThrow({ where: { id: queueId }, select: { projectId: true, status: true, overlap: true, leaseSeconds: true } });
}

/** Locks the queue item a claim belongs to (before the claim row itself, see the order above). */
export async function lockItemOfClaim(tx: Tx, provider: DbProvider, claimId: string): Promise<void> {
  if (provider === "postgres") {
    await tx.$queryRawUnsafe(
      `SELECT qi."id" FROM "QueueItem" qi JOIN "Claim" c ON c."queueItemId" = qi."id" WHERE c."id" = $1 FOR NO KEY UPDATE OF qi`,
      claimId,
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `UPDATE "QueueItem" SET "submittedCount" = "submittedCount" WHERE "id" = (SELECT "queueItemId" FROM "Claim" WHERE "id" = ?)`,
    claimId,
  );
}

/** Locks a queue item by id (a reviewer settling it takes the same lock claimers take). */
export async function lockQueueItem(tx: Tx, provider: DbProvider, queueItemId: string): Promise<void> {
  if (provider === "postgres") {
    await tx.$queryRawUnsafe(`SELECT "id" FROM "QueueItem" WHERE "id" = $1 FOR NO KEY UPDATE`, queueItemId);
    return;
  }
  await tx.$executeRawUnsafe(`UPDATE "QueueItem" SET "submittedCount" = "submittedCount" WHERE "id" = ?`, queueItemId);
}
