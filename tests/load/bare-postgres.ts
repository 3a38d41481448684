// The load test's raw limit on PostgreSQL (issue 16): the bare reference of bare-reference.ts
// with the `pg` driver. The same routes and data changes, and the statements Verity's
// PostgreSQL path runs (lib/queues/claim-locks.ts, claim-statements.ts, next-candidate.ts,
// mark-claim-submitted.ts): the member row locked FOR UPDATE, the candidate taken
// FOR NO KEY UPDATE SKIP LOCKED, the claim's room checked, lapsed claims expired and the
// claim and its audit row written in one statement, the item locked before a submit counts.
// Nothing else: no framework, no session, no validation, no derivation.
import http from "node:http";
import { randomBytes } from "node:crypto";
import pg from "pg";

const LEASE_SECONDS = 900;
let counter = 0;
const processPart = randomBytes(6).toString("hex");
const rowId = () => `c${Date.now().toString(36)}${processPart}${(counter = (counter + 1) % 1_679_616).toString(36).padStart(4, "0")}`;
// Timestamps as UTC text: the columns are timestamp(3) without a zone, as Prisma writes them.
const utc = (d: Date) => d.toISOString();

type Q = pg.PoolClient;

async function inTransaction<T>(pool: pg.Pool, work: (q: Q) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export function barePostgresServer(url: string, queueId: string, projectId: string, overlap: number, connections = 10): http.Server {
  const pool = new pg.Pool({ connectionString: url, max: connections });

  const candidate = (q: Q, userId: string, now: string, skipLocked: boolean, excluded: string[]) =>
    q.query<{ id: string; sampleId: string }>(
      `SELECT qi."id", qi."sampleId" FROM "QueueItem" qi
        WHERE qi."queueId" = $1 AND qi."status" = 'open'
          AND NOT EXISTS (SELECT 1 FROM "Claim" mine WHERE mine."queueItemId" = qi."id" AND mine."userId" = $2)
          AND (qi."isHoneypot" OR (SELECT COUNT(*) FROM "Claim" c WHERE c."queueItemId" = qi."id" AND (c."status" = 'submitted' OR (c."status" = 'active' AND c."leaseUntil" > $3::timestamp(3)))) < $4)
          AND NOT (qi."id" = ANY($5::text[]))
        ORDER BY qi."priority" DESC, qi."id" ASC LIMIT 1
        FOR NO KEY UPDATE OF qi${skipLocked ? " SKIP LOCKED" : ""}`,
      [queueId, userId, now, overlap, excluded],
    );

  const claim = ({ userId }: { userId: string }) =>
    inTransaction(pool, async (q) => {
      const now = utc(new Date());
      const member = await q.query(`SELECT q."status" FROM "QueueMember" m JOIN "Queue" q ON q."id" = m."queueId" WHERE m."queueId" = $1 AND m."userId" = $2 FOR UPDATE OF m`, [queueId, userId]);
      if (member.rowCount !== 1) throw new Error("not a member");
      const held = await q.query<{ id: string; sampleId: string }>(
        `WITH held AS (
           SELECT c."id", qi."sampleId" FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId"
            WHERE c."userId" = $1 AND c."status" = 'active' AND c."leaseUntil" > $3::timestamp(3) AND qi."queueId" = $2 ORDER BY c."createdAt" LIMIT 1
         ), lapsed AS (
           UPDATE "Claim" c SET "status" = 'expired' WHERE c."userId" = $1 AND c."status" = 'active' AND c."leaseUntil" <= $3::timestamp(3)
              AND EXISTS (SELECT 1 FROM "QueueItem" qi WHERE qi."id" = c."queueItemId" AND qi."queueId" = $2) AND NOT EXISTS (SELECT 1 FROM held)
         )
         SELECT * FROM held`,
        [userId, queueId, now],
      );
      if (held.rows[0]) return { claimId: held.rows[0].id, sampleId: held.rows[0].sampleId };
      const excluded: string[] = [];
      for (;;) {
        const item = (await candidate(q, userId, now, true, excluded)).rows[0] ?? (await candidate(q, userId, now, false, excluded)).rows[0];
        if (!item) return null;
        const claimId = rowId();
        const lease = utc(new Date(Date.now() + LEASE_SECONDS * 1000));
        const taken = await q.query(
          `WITH room AS (
             SELECT 1 FROM "Claim" c WHERE c."queueItemId" = $1 AND (c."status" = 'submitted' OR (c."status" = 'active' AND c."leaseUntil" > $2::timestamp(3)))
             HAVING COUNT(*) < $3::int
           ), lapsed AS (
             UPDATE "Claim" SET "status" = 'expired' WHERE "queueItemId" = $1 AND "status" = 'active' AND "leaseUntil" <= $2::timestamp(3) AND EXISTS (SELECT 1 FROM room)
           ), claim AS (
             INSERT INTO "Claim" ("id", "queueItemId", "userId", "status", "leaseUntil", "createdAt") SELECT $4, $1, $5, 'active', $6::timestamp(3), $2::timestamp(3) FROM room RETURNING "id"
           ), logged AS (
             INSERT INTO "AuditLog" ("id", "projectId", "userId", "action", "targetType", "targetId", "details", "createdAt")
             SELECT $7, $8, $5, 'claim.create', 'queueItem', $1, $9::jsonb, $2::timestamp(3) FROM claim
           )
           SELECT "id" FROM claim`,
          [item.id, now, overlap, claimId, userId, lease, rowId(), projectId, JSON.stringify({ queueId, claimId, leaseUntil: lease })],
        );
        if (taken.rowCount) return { claimId, sampleId: item.sampleId };
        excluded.push(item.id);
      }
    });

  const save = async ({ userId, sampleId, box }: { userId: string; sampleId: string; box: number[] }) => {
    const sample = (await pool.query<{ status: string }>(`SELECT s."id", s."status" FROM "GroundingSample" s WHERE s."id" = $1 AND s."projectId" = $2`, [sampleId, projectId])).rows[0];
    if (!sample) throw new Error("no such sample");
    await pool.query(`SELECT c."id", c."status" FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId" WHERE c."userId" = $1 AND qi."sampleId" = $2 AND c."status" IN ('active', 'submitted') LIMIT 5`, [userId, sampleId]);
    return inTransaction(pool, async (q) => {
      const now = utc(new Date());
      const row = (
        await q.query<{ version: number }>(
          `INSERT INTO "Annotation" ("id", "projectId", "annotatorId", "itemType", "kind", "sampleId", "status", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "submittedAt", "createdAt", "updatedAt")
           VALUES ($1, $2, $3, 'sample', 'label', $4, 'submitted', false, $5, $6, $7, $8, $9::timestamp(3), $9::timestamp(3), $9::timestamp(3)) RETURNING "version"`,
          [rowId(), projectId, userId, sampleId, box[0], box[1], box[2], box[3], now],
        )
      ).rows[0]!;
      if (sample.status === "unreviewed") await q.query(`UPDATE "GroundingSample" SET "status" = 'in_review', "updatedAt" = $2::timestamp(3) WHERE "id" = $1`, [sampleId, now]);
      await q.query(`INSERT INTO "AuditLog" ("id", "projectId", "userId", "action", "targetType", "targetId", "details", "createdAt") VALUES ($1, $2, $3, 'annotation.submit', 'sample', $4, $5::jsonb, $6::timestamp(3))`, [
        rowId(), projectId, userId, sampleId, JSON.stringify({ version: row.version }), now,
      ]);
      return { version: row.version };
    });
  };

  const submit = ({ userId, claimId }: { userId: string; claimId: string }) =>
    inTransaction(pool, async (q) => {
      const now = utc(new Date());
      await q.query(`SELECT qi."id" FROM "QueueItem" qi JOIN "Claim" c ON c."queueItemId" = qi."id" WHERE c."id" = $1 FOR NO KEY UPDATE OF qi`, [claimId]);
      const claimRow = (await q.query<{ userId: string; status: string; queueItemId: string }>(`SELECT c."userId", c."status", c."queueItemId" FROM "Claim" c WHERE c."id" = $1`, [claimId])).rows[0];
      if (!claimRow || claimRow.userId !== userId || claimRow.status !== "active") throw new Error("no such claim");
      const item = (await q.query<{ status: string; submittedCount: number; sampleId: string }>(`UPDATE "QueueItem" SET "submittedCount" = "submittedCount" + 1 WHERE "id" = $1 RETURNING "status", "submittedCount", "sampleId"`, [claimRow.queueItemId])).rows[0]!;
      const answered = await q.query(`SELECT 1 FROM "Annotation" WHERE "sampleId" = $1 AND "annotatorId" = $2 AND "kind" = 'label' AND "status" = 'submitted'`, [item.sampleId, userId]);
      if (!answered.rowCount) throw new Error("no answer");
      await q.query(`UPDATE "Claim" SET "status" = 'submitted', "submittedAt" = $2::timestamp(3) WHERE "id" = $1`, [claimId, now]);
      if (item.submittedCount >= overlap && item.status === "open") {
        await q.query(`SELECT a."boxX1", a."boxY1", a."boxX2", a."boxY2" FROM "Claim" c JOIN "Annotation" a ON a."sampleId" = $1 AND a."annotatorId" = c."userId" AND a."kind" = 'label' WHERE c."queueItemId" = $2 AND c."status" = 'submitted'`, [item.sampleId, claimRow.queueItemId]);
        await q.query(`UPDATE "QueueItem" SET "status" = 'adjudication' WHERE "id" = $1`, [claimRow.queueItemId]);
        await q.query(`UPDATE "GroundingSample" SET "status" = 'awaiting_adjudication', "updatedAt" = $2::timestamp(3) WHERE "id" = $1`, [item.sampleId, now]);
      }
      await q.query(`INSERT INTO "AuditLog" ("id", "projectId", "userId", "action", "targetType", "targetId", "details", "createdAt") VALUES ($1, $2, $3, 'claim.submit', 'queueItem', $4, $5::jsonb, $6::timestamp(3))`, [
        rowId(), projectId, userId, claimRow.queueItemId, JSON.stringify({ queueId, claimId }), now,
      ]);
      return {};
    });

  // Verity closes a claim and claims the next item in one request (its /next route): the same
  // two transactions, one after the other.
  const submitNext = async (body: { userId: string; claimId: string }) => {
    await submit(body);
    return { next: await claim(body) };
  };

  // A queue-mode submit on Verity's answer route: the save's transaction, then those two.
  const saveSubmitNext = async (body: { userId: string; sampleId: string; box: number[]; claimId: string }) => {
    await save(body);
    return submitNext(body);
  };

  const routes: Record<string, (body: never) => Promise<unknown>> = { "/claim": claim, "/save": save, "/submit": submit, "/submit-next": submitNext, "/save-submit-next": saveSubmitNext };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const route = routes[req.url ?? ""];
      const run = route ? route(JSON.parse(Buffer.concat(chunks).toString("utf8")) as never) : Promise.reject(new Error(`no route ${req.url}`));
      run.then(
        (result) => {
          if (result === null) return void res.writeHead(204).end();
          const body = JSON.stringify(result);
          res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
        },
        (error: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(String(error)),
      );
    });
  });
  server.on("close", () => void pool.end());
  return server;
}
