import "server-only";
// The writes of a claim (claim-next-item.ts), per provider. On PostgreSQL every statement is a
// round trip to the server, and round trips, not the queries, were most of a claim's time
// (bench/queue-bench.ts): so each step is one statement there, its parts joined with
// data-modifying CTEs. On SQLite the same steps are a few prepared statements on the
// connection (no trip to make, and Prisma's per-query cost was most of a claim's time).
//
// Why the steps stay apart on PostgreSQL: a statement reads from one snapshot, taken when it
// starts. A statement that waited for a lock still reads the world as it was before the lock
// holder committed, so whatever must see the previous holder's writes is read in a statement
// that starts after the lock is held: the held claim after the member lock, the live count
// after the item lock.
import type { ClaimingQueue } from "@/lib/queues/claim-locks";
import type { WriteTx } from "@/lib/db/write-transaction";
import { insertAudit } from "@/lib/audit/record";
import { asDate } from "@/lib/db/sql-reader";
import { countLiveClaims, liveClaimSql } from "@/lib/queues/live-claims";
import type { Candidate } from "@/lib/queues/next-candidate";
import { newRowId } from "@/lib/ids/row-id";

export type HeldClaim = { id: string; queueItemId: string; leaseUntil: Date; sampleId: string | null; trajectoryId: string | null; verdictId: string | null };

type Claimer = { queueId: string; userId: string; now: Date };

/**
 * The claimer's unexpired active claim in the queue, if any (call with the member row locked).
 * When there is none, the claimer is about to take a new item, which abandons their lapsed
 * leases in the queue: those are marked `expired` in the same step. `closing`: a claim whose
 * answer is stored and which is being closed beside this claim (move-on-in-queue.ts): it is
 * neither held nor abandoned.
 */
export async function heldClaimElseExpireLapsed(w: WriteTx, { queueId, userId, now, closing = null }: Claimer & { closing?: string | null }): Promise<HeldClaim | null> {
  // "" matches no claim id: one statement text whether or not a claim is being closed.
  const other = closing ?? "";
  if (w.provider === "postgres") {
    const rows = await w.exec.all<HeldClaim>(
      `WITH held AS (
         SELECT c."id", c."queueItemId", c."leaseUntil", qi."sampleId", qi."trajectoryId", qi."verdictId"
           FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId"
          WHERE c."userId" = $1 AND c."status" = 'active' AND c."leaseUntil" > $3::timestamp(3) AND qi."queueId" = $2 AND c."id" <> $4
          ORDER BY c."createdAt" ASC
          LIMIT 1
       ), lapsed AS (
         UPDATE "Claim" c SET "status" = 'expired'
          WHERE c."userId" = $1 AND c."status" = 'active' AND c."leaseUntil" <= $3::timestamp(3) AND c."id" <> $4
            AND EXISTS (SELECT 1 FROM "QueueItem" qi WHERE qi."id" = c."queueItemId" AND qi."queueId" = $2)
            AND NOT EXISTS (SELECT 1 FROM held)
       )
       SELECT * FROM held`,
      [userId, queueId, now, other],
    );
    return rows[0] ?? null;
  }
  const rows = await w.exec.all<HeldClaim>(
    `SELECT c."id", c."queueItemId", c."leaseUntil", qi."sampleId", qi."trajectoryId", qi."verdictId"
       FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId"
      WHERE c."userId" = ? AND c."status" = 'active' AND c."leaseUntil" > ? AND qi."queueId" = ? AND c."id" <> ?
      ORDER BY c."createdAt" ASC
      LIMIT 1`,
    [userId, now, queueId, other],
  );
  const held = rows[0];
  if (held) return { ...held, leaseUntil: asDate(held.leaseUntil)! };
  await w.exec.run(
    `UPDATE "Claim" SET "status" = 'expired'
      WHERE "userId" = ? AND "status" = 'active' AND "leaseUntil" <= ? AND "id" <> ?
        AND "queueItemId" IN (SELECT "id" FROM "QueueItem" WHERE "queueId" = ?)`,
    [userId, now, other, queueId],
  );
  return null;
}

export type TakenItem = { claimId: string; leaseUntil: Date };

/**
 * Claims a candidate item (call with the item locked): null when its live claims reached the
 * queue's overlap meanwhile (honeypots have no such limit, see next-candidate.ts). On the
 * way, the item's lapsed claims are marked `expired`; the claim's audit row is written in
 * the same transaction, so no claim exists without one.
 */
export async function claimItemIfRoom(
  w: WriteTx,
  { queueId, userId, now, queue, item }: Claimer & { queue: ClaimingQueue; item: Candidate },
): Promise<TakenItem | null> {
  const leaseUntil = new Date(now.getTime() + queue.leaseSeconds * 1000);
  const audit = (claimId: string) => ({
    userId,
    projectId: queue.projectId,
    action: "claim.create",
    targetType: "queueItem",
    targetId: item.id,
    details: { queueId, claimId, leaseUntil: leaseUntil.toISOString() },
  });
  const claimId = newRowId();
  if (w.provider === "postgres") {
    const entry = audit(claimId);
    const createdAt = new Date();
    // $1 item, $2 now, $3 honeypot, $4 overlap, $5 claim id, $6 user, $7 lease, $8 created at,
    // $9 audit id, $10 project, $11 audit details.
    const rows = await w.exec.all<{ id: string }>(
      `WITH room AS (
         SELECT 1 FROM "Claim" c
          WHERE c."queueItemId" = $1 AND ${liveClaimSql("$2::timestamp(3)")}
         HAVING $3::boolean OR COUNT(*) < $4::int
       ), lapsed AS (
         UPDATE "Claim" SET "status" = 'expired'
          WHERE "queueItemId" = $1 AND "status" = 'active' AND "leaseUntil" <= $2::timestamp(3) AND EXISTS (SELECT 1 FROM room)
       ), claim AS (
         INSERT INTO "Claim" ("id", "queueItemId", "userId", "status", "leaseUntil", "createdAt")
         SELECT $5, $1, $6, 'active', $7::timestamp(3), $8::timestamp(3) FROM room
         RETURNING "id"
       ), logged AS (
         INSERT INTO "AuditLog" ("id", "projectId", "userId", "action", "targetType", "targetId", "details", "createdAt")
         SELECT $9, $10, $6, '${entry.action}', '${entry.targetType}', $1, $11::jsonb, $8::timestamp(3) FROM claim
       )
       SELECT "id" FROM claim`,
      [item.id, now, Boolean(item.isHoneypot), queue.overlap, claimId, userId, leaseUntil, createdAt, newRowId(), queue.projectId, JSON.stringify(entry.details)],
    );
    return rows.length ? { claimId, leaseUntil } : null;
  }
  if (!item.isHoneypot && (await countLiveClaims(w, item.id, now)) >= queue.overlap) return null;
  await w.exec.run(`UPDATE "Claim" SET "status" = 'expired' WHERE "queueItemId" = ? AND "status" = 'active' AND "leaseUntil" <= ?`, [item.id, now]);
  await w.exec.run(`INSERT INTO "Claim" ("id", "queueItemId", "userId", "status", "leaseUntil", "createdAt") VALUES (?, ?, ?, 'active', ?, ?)`, [claimId, item.id, userId, leaseUntil, new Date()]);
  await insertAudit(w.exec, audit(claimId));
  return { claimId, leaseUntil };
}
