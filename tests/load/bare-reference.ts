// The load test's raw limit (issue 16): a minimal node:http server that makes the same data
// changes as Verity's claim, save and submit, with the same SQL statements on the same
// database, and nothing else: no framework, no session, no validation, no derivation, no audit
// reading. Verity's throughput is printed as a ratio of this one's, measured in the same run.
//   POST /claim  {userId}                       -> {claimId, sampleId} | 204 nothing left
//   POST /save   {userId, sampleId, box}        -> {version}
//   POST /submit {userId, claimId}              -> {}
//   POST /submit-next {userId, claimId}         -> {next: {claimId, sampleId} | null}
//   POST /save-submit-next {userId, sampleId, box, claimId} -> the same: save, then submit-next
import http from "node:http";
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";

const LEASE_SECONDS = 900;
let counter = 0;
const processPart = randomBytes(6).toString("hex");
const rowId = () => `c${Date.now().toString(36)}${processPart}${(counter = (counter + 1) % 1_679_616).toString(36).padStart(4, "0")}`;
const iso = (d: Date) => d.toISOString().replace("Z", "+00:00");

export function bareSqliteServer(file: string, queueId: string, projectId: string, overlap: number): http.Server {
  const db = new Database(file, { timeout: 10_000 });
  db.pragma("journal_mode = WAL");
  const s = {
    lockMember: db.prepare(`UPDATE "QueueMember" SET "userId" = "userId" WHERE "queueId" = ? AND "userId" = ?`),
    held: db.prepare(`SELECT c."id", qi."sampleId" FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId"
      WHERE c."userId" = ? AND c."status" = 'active' AND c."leaseUntil" > ? AND qi."queueId" = ? ORDER BY c."createdAt" LIMIT 1`),
    expireMine: db.prepare(`UPDATE "Claim" SET "status" = 'expired' WHERE "userId" = ? AND "status" = 'active' AND "leaseUntil" <= ?
      AND "queueItemId" IN (SELECT "id" FROM "QueueItem" WHERE "queueId" = ?)`),
    candidate: db.prepare(`SELECT qi."id", qi."sampleId" FROM "QueueItem" qi WHERE qi."queueId" = ? AND qi."status" = 'open'
      AND NOT EXISTS (SELECT 1 FROM "Claim" mine WHERE mine."queueItemId" = qi."id" AND mine."userId" = ?)
      AND (qi."isHoneypot" OR (SELECT COUNT(*) FROM "Claim" c WHERE c."queueItemId" = qi."id" AND (c."status" = 'submitted' OR (c."status" = 'active' AND c."leaseUntil" > ?))) < ?)
      ORDER BY qi."priority" DESC, qi."id" ASC LIMIT 1`),
    live: db.prepare(`SELECT COUNT(*) AS n FROM "Claim" c WHERE c."queueItemId" = ? AND (c."status" = 'submitted' OR (c."status" = 'active' AND c."leaseUntil" > ?))`),
    expireItem: db.prepare(`UPDATE "Claim" SET "status" = 'expired' WHERE "queueItemId" = ? AND "status" = 'active' AND "leaseUntil" <= ?`),
    insertClaim: db.prepare(`INSERT INTO "Claim" ("id", "queueItemId", "userId", "status", "leaseUntil", "createdAt") VALUES (?, ?, ?, 'active', ?, ?)`),
    audit: db.prepare(`INSERT INTO "AuditLog" ("id", "projectId", "userId", "action", "targetType", "targetId", "details", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    sample: db.prepare(`SELECT s."id", s."status", s."imageWidth", s."imageHeight" FROM "GroundingSample" s WHERE s."id" = ? AND s."projectId" = ?`),
    claimOnItem: db.prepare(`SELECT c."id", c."status" FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId" WHERE c."userId" = ? AND qi."sampleId" = ? AND c."status" IN ('active', 'submitted') LIMIT 5`),
    insertAnswer: db.prepare(`INSERT INTO "Annotation" ("id", "projectId", "annotatorId", "itemType", "kind", "sampleId", "status", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "submittedAt", "createdAt", "updatedAt")
      VALUES (?, ?, ?, 'sample', 'label', ?, 'submitted', 0, ?, ?, ?, ?, ?, ?, ?) RETURNING "version"`),
    setSampleStatus: db.prepare(`UPDATE "GroundingSample" SET "status" = ?, "updatedAt" = ? WHERE "id" = ?`),
    lockItemOfClaim: db.prepare(`UPDATE "QueueItem" SET "submittedCount" = "submittedCount" WHERE "id" = (SELECT "queueItemId" FROM "Claim" WHERE "id" = ?)`),
    claim: db.prepare(`SELECT c."id", c."userId", c."status", c."queueItemId" FROM "Claim" c WHERE c."id" = ?`),
    answered: db.prepare(`SELECT 1 FROM "Annotation" WHERE "sampleId" = ? AND "annotatorId" = ? AND "kind" = 'label' AND "status" = 'submitted'`),
    countSubmission: db.prepare(`UPDATE "QueueItem" SET "submittedCount" = "submittedCount" + 1 WHERE "id" = ? RETURNING "status", "submittedCount", "sampleId"`),
    submitClaim: db.prepare(`UPDATE "Claim" SET "status" = 'submitted', "submittedAt" = ? WHERE "id" = ?`),
    answers: db.prepare(`SELECT a."boxX1", a."boxY1", a."boxX2", a."boxY2" FROM "Claim" c JOIN "Annotation" a ON a."sampleId" = ? AND a."annotatorId" = c."userId" AND a."kind" = 'label'
      WHERE c."queueItemId" = ? AND c."status" = 'submitted'`),
    setItemStatus: db.prepare(`UPDATE "QueueItem" SET "status" = ? WHERE "id" = ?`),
  };
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");
  const inTransaction = <T>(work: () => T): T => {
    begin.run();
    try {
      const result = work();
      commit.run();
      return result;
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw error;
    }
  };

  const claim = ({ userId }: { userId: string }) =>
    inTransaction(() => {
      const now = new Date();
      if (s.lockMember.run(queueId, userId).changes !== 1) throw new Error("not a member");
      const held = s.held.get(userId, iso(now), queueId) as { id: string; sampleId: string } | undefined;
      if (held) return { claimId: held.id, sampleId: held.sampleId };
      s.expireMine.run(userId, iso(now), queueId);
      const item = s.candidate.get(queueId, userId, iso(now), overlap) as { id: string; sampleId: string } | undefined;
      if (!item) return null;
      if ((s.live.get(item.id, iso(now)) as { n: number }).n >= overlap) return null;
      s.expireItem.run(item.id, iso(now));
      const claimId = rowId();
      s.insertClaim.run(claimId, item.id, userId, iso(new Date(now.getTime() + LEASE_SECONDS * 1000)), iso(now));
      s.audit.run(rowId(), projectId, userId, "claim.create", "queueItem", item.id, JSON.stringify({ queueId, claimId }), iso(now));
      return { claimId, sampleId: item.sampleId };
    });

  const save = ({ userId, sampleId, box }: { userId: string; sampleId: string; box: number[] }) => {
    const sample = s.sample.get(sampleId, projectId) as { status: string } | undefined;
    if (!sample) throw new Error("no such sample");
    s.claimOnItem.all(userId, sampleId);
    return inTransaction(() => {
      const now = iso(new Date());
      const row = s.insertAnswer.get(rowId(), projectId, userId, sampleId, box[0], box[1], box[2], box[3], now, now, now) as { version: number };
      if (sample.status === "unreviewed") s.setSampleStatus.run("in_review", now, sampleId);
      s.audit.run(rowId(), projectId, userId, "annotation.submit", "sample", sampleId, JSON.stringify({ version: row.version }), now);
      return { version: row.version };
    });
  };

  const submit = ({ userId, claimId }: { userId: string; claimId: string }) =>
    inTransaction(() => {
      const now = iso(new Date());
      s.lockItemOfClaim.run(claimId);
      const claimRow = s.claim.get(claimId) as { userId: string; status: string; queueItemId: string } | undefined;
      if (!claimRow || claimRow.userId !== userId || claimRow.status !== "active") throw new Error("no such claim");
      const item = s.countSubmission.get(claimRow.queueItemId) as { status: string; submittedCount: number; sampleId: string };
      if (!s.answered.get(item.sampleId, userId)) throw new Error("no answer");
      s.submitClaim.run(now, claimId);
      if (item.submittedCount >= overlap && item.status === "open") {
        s.answers.all(item.sampleId, claimRow.queueItemId);
        s.setItemStatus.run("adjudication", claimRow.queueItemId);
        s.setSampleStatus.run("awaiting_adjudication", now, item.sampleId);
      }
      s.audit.run(rowId(), projectId, userId, "claim.submit", "queueItem", claimRow.queueItemId, JSON.stringify({ queueId, claimId }), now);
      return {};
    });

  // Verity closes a claim and claims the next item in one request (its /next route): the same
  // two transactions, one after the other.
  const submitNext = (body: { userId: string; claimId: string }) => {
    submit(body);
    return { next: claim(body) };
  };

  // A queue-mode submit on Verity's answer route: the save's transaction, then those two.
  const saveSubmitNext = (body: { userId: string; sampleId: string; box: number[]; claimId: string }) => {
    save(body);
    return submitNext(body);
  };

  const routes: Record<string, (body: never) => unknown> = { "/claim": claim, "/save": save, "/submit": submit, "/submit-next": submitNext, "/save-submit-next": saveSubmitNext };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        const route = routes[req.url ?? ""];
        if (!route) throw new Error(`no route ${req.url}`);
        const result = route(JSON.parse(Buffer.concat(chunks).toString("utf8")) as never);
        if (result === null) {
          res.writeHead(204).end();
          return;
        }
        const body = JSON.stringify(result);
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
      } catch (error) {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      }
    });
  });
  server.on("close", () => db.close());
  return server;
}
