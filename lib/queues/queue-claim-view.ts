import "server-only";
// The caller's claim as the review screens show it in queue mode: the queue's name and when
// the lease ends. Only the caller's own claim in this project; nothing about the item itself
// (whether it is a honeypot stays on the server). Read on every queue-mode screen, so one raw
// statement (issue 38: each Prisma call compiled its query again, and its relation filter
// cost three statements); the queue's overlap rides along for the likely-next read.
import type { Db } from "@/lib/db";
import { asDate } from "@/lib/db/sql-reader";
import { execFor } from "@/lib/db/sql-exec";
import { isRowId } from "@/lib/ids/row-id-shape";

type Row = { id: string; status: string; leaseUntil: unknown; queueId: string; queueName: string; overlap: number | bigint };

export async function queueClaimView(db: Db, projectId: string, userId: string, claimId: unknown, queueId: unknown) {
  if (!isRowId(claimId) || !isRowId(queueId)) return null;
  const [claim] = await execFor(db).all<Row>(
    `SELECT c."id", c."status", c."leaseUntil", q."id" AS "queueId", q."name" AS "queueName", q."overlap"
     FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId" JOIN "Queue" q ON q."id" = qi."queueId"
     WHERE c."id" = ? AND c."userId" = ? AND q."id" = ? AND q."projectId" = ?`,
    [claimId, userId, queueId, projectId],
  );
  if (!claim) return null;
  const view = { claimId: claim.id, status: claim.status, leaseUntil: asDate(claim.leaseUntil)!.toISOString(), queueId: claim.queueId, queueName: claim.queueName };
  // How many answers the queue asks for per item: not for the screen, for the likely-next read.
  return { view, overlap: Number(claim.overlap) };
}

export type QueueClaimView = NonNullable<Awaited<ReturnType<typeof queueClaimView>>>["view"];
