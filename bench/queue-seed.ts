// Seeds the queue benchmark's database: a project, U annotators in one sample queue (overlap 1),
// N grounding samples with one queue item each, of which the first 2% are already done
// (status "full", with a submitted claim each). Rows are generated inside the database
// (a recursive CTE on SQLite, generate_series on PostgreSQL) in batches: minutes of Prisma
// creates become seconds. Dates are written the way Prisma writes them on each provider.
import Database from "better-sqlite3";
import pg from "pg";
import type { DbProvider } from "@/lib/db";

export type QueueSeed = { projectId: string; queueId: string; userIds: string[]; sampleIds: (i: number) => string; items: number };

const PROJECT = "benchqueueproject";
const QUEUE = "benchqueuequeue00";
const BATCH = 100_000;
export const DONE_SHARE = 0.02;

const userId = (u: number) => `benchuser${String(u).padStart(4, "0")}`;
// Fixed-width ids keep the id order equal to the seed order (the queue's tie-break).
const sampleId = (i: number) => `bs${String(i).padStart(9, "0")}`;
const itemId = (i: number) => `bq${String(i).padStart(9, "0")}`;

type Exec = (sql: string, params: unknown[]) => Promise<void>;

function sqliteExec(file: string): { exec: Exec; close: () => void } {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  return {
    exec: async (sql, params) => void sqlite.prepare(sql).run(...params.map((p) => (typeof p === "boolean" ? Number(p) : p))),
    close: () => sqlite.close(),
  };
}

async function pgExec(url: string): Promise<{ exec: Exec; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { exec: async (sql, params) => void (await client.query(sql, params)), close: () => client.end() };
}

// Prisma writes SQLite DateTime as ISO-8601 text with a +00:00 offset.
const sqliteNow = () => new Date().toISOString().replace("Z", "+00:00");

export async function seedQueue(provider: DbProvider, url: string, items: number, users: number): Promise<QueueSeed> {
  const isPg = provider === "postgres";
  const conn = isPg ? await pgExec(url) : sqliteExec(url.replace(/^file:/, ""));
  const now = isPg ? new Date() : sqliteNow();
  const p = (i: number) => (isPg ? `$${i}` : "?");
  const { exec } = conn;
  await exec(`INSERT INTO "Project" ("id", "slug", "name", "settings", "createdAt", "updatedAt") VALUES (${p(1)}, 'bench-queue', 'Bench queue', '{}', ${p(2)}, ${p(3)})`, [PROJECT, now, now]);
  for (let u = 0; u < users; u++) {
    await exec(`INSERT INTO "User" ("id", "email", "name", "isOwner", "createdAt", "updatedAt") VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})`, [userId(u), `bench${u}@bench.test`, `Bench ${u}`, false, now, now]);
    await exec(`INSERT INTO "Membership" ("id", "projectId", "userId", "role", "createdAt") VALUES (${p(1)}, ${p(2)}, ${p(3)}, 'annotator', ${p(4)})`, [`benchmember${u}`, PROJECT, userId(u), now]);
  }
  await exec(
    `INSERT INTO "Queue" ("id", "projectId", "name", "itemType", "filter", "overlap", "leaseSeconds", "honeypotRate", "status", "createdById", "createdAt") VALUES (${p(1)}, ${p(2)}, 'bench', 'sample', '{}', 1, 900, 0, 'active', ${p(3)}, ${p(4)})`,
    [QUEUE, PROJECT, userId(0), now],
  );
  for (let u = 0; u < users; u++) await exec(`INSERT INTO "QueueMember" ("queueId", "userId") VALUES (${p(1)}, ${p(2)})`, [QUEUE, userId(u)]);

  const done = Math.floor(items * DONE_SHARE);
  for (let from = 0; from < items; from += BATCH) {
    const to = Math.min(items, from + BATCH);
    // One row per i in [from, to): the i-th sample and its queue item.
    const series = isPg
      ? `FROM generate_series(${from}, ${to - 1}) AS s(i)`
      : `FROM (WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to - 1}) SELECT i FROM s) s`;
    const pad = (prefix: string) => (isPg ? `'${prefix}' || lpad(s.i::text, 9, '0')` : `'${prefix}' || printf('%09d', s.i)`);
    await exec(
      `INSERT INTO "GroundingSample" ("id", "projectId", "instruction", "sourceDataset", "sourceId", "contentHash", "status", "imageMissing", "targetAbsent", "createdAt", "updatedAt")
       SELECT ${pad("bs")}, ${p(1)}, 'Tap the item', 'bench', ${pad("src")}, ${pad("h")}, 'pending', ${isPg ? "true" : "1"}, ${isPg ? "false" : "0"}, ${p(2)}, ${p(3)} ${series}`,
      [PROJECT, now, now],
    );
    await exec(
      `INSERT INTO "QueueItem" ("id", "queueId", "sampleId", "isHoneypot", "priority", "claimCount", "submittedCount", "status", "createdAt")
       SELECT ${pad("bq")}, ${p(1)}, ${pad("bs")}, ${isPg ? "false" : "0"}, 0, CASE WHEN s.i < ${done} THEN 1 ELSE 0 END, CASE WHEN s.i < ${done} THEN 1 ELSE 0 END,
              CASE WHEN s.i < ${done} THEN 'full' ELSE 'open' END, ${p(2)} ${series}`,
      [QUEUE, now],
    );
    if (from < done) {
      const userExpr = isPg ? `'benchuser' || lpad((s.i % ${users})::text, 4, '0')` : `'benchuser' || printf('%04d', s.i % ${users})`;
      const claimSeries = isPg
        ? `FROM generate_series(${from}, ${Math.min(done, to) - 1}) AS s(i)`
        : `FROM (WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${Math.min(done, to) - 1}) SELECT i FROM s) s`;
      await exec(
        `INSERT INTO "Claim" ("id", "queueItemId", "userId", "status", "leaseUntil", "submittedAt", "createdAt")
         SELECT ${pad("bc")}, ${pad("bq")}, ${userExpr}, 'submitted', ${p(1)}, ${p(2)}, ${p(3)} ${claimSeries}`,
        [now, now, now],
      );
    }
  }
  // PostgreSQL's autovacuum analyzes a table after a bulk insert like this one; SQLite keeps no
  // statistics unless someone runs ANALYZE, and the app never does.
  if (isPg) await exec(`ANALYZE`, []);
  await conn.close();
  return { projectId: PROJECT, queueId: QUEUE, userIds: Array.from({ length: users }, (_, u) => userId(u)), sampleIds: sampleId, items };
}

export const benchItemId = itemId;
