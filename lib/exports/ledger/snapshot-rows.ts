import "server-only";
// The rows of a snapshot as the database remembers them (SnapshotRow: file, key, content hash,
// item), written page by page while the files stream, and the changes against the base
// snapshot computed from them: added (a row the base does not have), updated (same file and
// key, another hash), removed (a row of the base no longer there). "Changed" is therefore
// whatever changes a row as exported (a new revision, an override, a reopening, a settings
// change that moves a tier or a reward), read from what was written, never from a second
// computation of the derived values.
// Memory: one batch of rows, one page of changes.
// Every statement here goes to the driver, not through Prisma: at a row of the ledger per row
// exported, Prisma's query compiler on each 400-row INSERT was a fifth of an export's time
// (a CPU profile of 20k rows: 18 us a row in the ledger, 4 us on the driver).
import type { Db } from "@/lib/db";
import { databaseUrlOf, providerOf } from "@/lib/db";
import { inConnectionTransaction } from "@/lib/db/connection-transaction";
import { execFor, prismaExec, type SqlExec } from "@/lib/db/sql-exec";

export type ChangeCounts = { added: number; updated: number; removed: number };
export type ChangeKind = keyof ChangeCounts;
export type ChangeLine = { change: "added" | "updated" | "removed"; file: string; id: string };

// Rows per INSERT (5 parameters each), and rows per flush: one write transaction per flush.
const BATCH = 400;
const FLUSH_EVERY = 4000;

export type Ledger = {
  add(entry: { file: string; rowKey: string; rowHash: string; itemId: string }): Promise<void>;
  /** Writes what is pending and waits for every write: after it the rows are in the database. */
  flush(): Promise<void>;
  /** Waits for a write still running, whatever its outcome: before a failed snapshot's rows are dropped. */
  settle(): Promise<void>;
};

// Prisma's raw statements: the ledger's rare whole-snapshot deletes.
export function execOf(db: Db): SqlExec {
  return prismaExec(db, providerOf(databaseUrlOf(db)));
}

const insertSql = (rows: number) =>
  `INSERT INTO "SnapshotRow" ("snapshotId", "file", "rowKey", "rowHash", "itemId") VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?)").join(", ")}`;
const FULL_INSERT = insertSql(BATCH);
// PostgreSQL takes a whole flush as one statement of four arrays: parsing and planning a
// 2,000-parameter INSERT per 400 rows was most of the ledger's time there (a 20,000-row
// export: 24 us a row, the server busy on the same two cores).
const UNNEST_INSERT = `INSERT INTO "SnapshotRow" ("snapshotId", "file", "rowKey", "rowHash", "itemId")
  SELECT ?, t."file", t."rowKey", t."rowHash", t."itemId" FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS t("file", "rowKey", "rowHash", "itemId")`;

/**
 * Rows of one snapshot, inserted in multi-row statements of BATCH rows, FLUSH_EVERY rows to a
 * write transaction on the driver's connection (lib/db/connection-transaction.ts: on
 * SQLite it waits for the gate Prisma's transactions take, so a row never lands inside
 * another writer's transaction). One write runs while the next FLUSH_EVERY rows are made: on
 * PostgreSQL the server inserts them while this process shapes the next ones (waiting for
 * its ledger and its reads, a 200k-row export there sat idle 28% of its time). A write's
 * failure fails the next add or the flush.
 */
export function openLedger(db: Db, snapshotId: string): Ledger {
  let pending: unknown[] = [];
  let writing: Promise<void> | null = null;
  const write = (params: unknown[]) =>
    inConnectionTransaction(db, async (w) => {
      if (w.provider === "postgres") {
        const columns: unknown[][] = [[], [], [], []];
        for (let i = 0; i < params.length; i += 5) for (let c = 0; c < 4; c++) columns[c]!.push(params[i + 1 + c]);
        await w.exec.run(UNNEST_INSERT, [snapshotId, ...columns]);
        return;
      }
      const per = BATCH * 5;
      for (let i = 0; i < params.length; i += per) {
        const chunk = params.slice(i, i + per);
        await w.exec.run(chunk.length === per ? FULL_INSERT : insertSql(chunk.length / 5), chunk);
      }
    });
  const startWrite = async () => {
    if (writing) await writing;
    writing = null;
    if (pending.length === 0) return;
    const params = pending;
    pending = [];
    writing = write(params);
    // Observed here so a failure waits, unreported by the runtime, for the next add or flush.
    writing.catch(() => undefined);
  };
  return {
    async add(entry) {
      pending.push(snapshotId, entry.file, entry.rowKey, entry.rowHash, entry.itemId);
      if (pending.length >= FLUSH_EVERY * 5) await startWrite();
    },
    async flush() {
      await startWrite();
      const last = writing;
      writing = null;
      await last;
    },
    async settle() {
      await writing?.catch(() => undefined);
    },
  };
}

const SQL: Record<ChangeKind, string> = {
  added: `SELECT n."file", n."rowKey" FROM "SnapshotRow" n
           WHERE n."snapshotId" = ? AND NOT EXISTS (SELECT 1 FROM "SnapshotRow" b WHERE b."snapshotId" = ? AND b."file" = n."file" AND b."rowKey" = n."rowKey")`,
  updated: `SELECT n."file", n."rowKey" FROM "SnapshotRow" n JOIN "SnapshotRow" b ON b."snapshotId" = ? AND b."file" = n."file" AND b."rowKey" = n."rowKey"
             WHERE n."snapshotId" = ? AND b."rowHash" <> n."rowHash"`,
  removed: `SELECT n."file", n."rowKey" FROM "SnapshotRow" n
             WHERE n."snapshotId" = ? AND NOT EXISTS (SELECT 1 FROM "SnapshotRow" b WHERE b."snapshotId" = ? AND b."file" = n."file" AND b."rowKey" = n."rowKey")`,
};

// Which snapshot plays "n" and which "b" in each query, and the argument order.
function argsOf(kind: ChangeKind, snapshotId: string, baseId: string): [string, string] {
  if (kind === "added") return [snapshotId, baseId];
  if (kind === "updated") return [baseId, snapshotId];
  return [baseId, snapshotId];
}

/** One kind of change, page by page in (file, key) order. With no base every row is added. */
export async function* changedRows(db: Db, kind: ChangeKind, snapshotId: string, baseId: string | null, pageSize = 5000): AsyncGenerator<{ file: string; rowKey: string }[]> {
  if (baseId === null && kind !== "added") return;
  const exec = execFor(db);
  let after: { file: string; rowKey: string } | null = null;
  for (;;) {
    const params: unknown[] = baseId === null ? [snapshotId, ""] : argsOf(kind, snapshotId, baseId);
    let sql = baseId === null ? `SELECT n."file", n."rowKey" FROM "SnapshotRow" n WHERE n."snapshotId" = ? AND n."file" <> ?` : SQL[kind];
    // A row value, not `file > ? OR (file = ? AND rowKey > ?)`: SQLite turns the OR into a
    // scan of the snapshot's rows from its first one (EXPLAIN: snapshotId=? only), so each
    // page cost more than the last (a late page of 200k rows: 27 ms against 4 ms).
    if (after) {
      sql += ` AND (n."file", n."rowKey") > (?, ?)`;
      params.push(after.file, after.rowKey);
    }
    sql += ` ORDER BY n."file", n."rowKey" LIMIT ?`;
    params.push(pageSize);
    const page = await exec.all<{ file: string; rowKey: string }>(sql, params);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!;
  }
}

export async function countChanges(db: Db, snapshotId: string, baseId: string | null): Promise<ChangeCounts> {
  const exec = execFor(db);
  const count = async (kind: ChangeKind) => {
    if (baseId === null) {
      if (kind !== "added") return 0;
      const rows = await exec.all<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM "SnapshotRow" WHERE "snapshotId" = ?`, [snapshotId]);
      return Number(rows[0]?.n ?? 0);
    }
    const rows = await exec.all<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM (${SQL[kind]}) c`, argsOf(kind, snapshotId, baseId));
    return Number(rows[0]?.n ?? 0);
  };
  return { added: await count("added"), updated: await count("updated"), removed: await count("removed") };
}

/** changes.jsonl: one line per change, added, then updated, then removed. */
export async function* changesJsonl(db: Db, snapshotId: string, baseId: string | null): AsyncGenerator<string> {
  for (const kind of ["added", "updated", "removed"] as const) {
    for await (const page of changedRows(db, kind, snapshotId, baseId)) yield changeLines(kind, page);
  }
}

/**
 * The lines of one page, written as JSON.stringify writes a ChangeLine (change, file, id, in
 * that order): a full export lists every row it wrote, and an object and its stringify per
 * line were most of that file's time. The file name is quoted once per run of equal names.
 */
export function changeLines(kind: ChangeLine["change"], page: readonly { file: string; rowKey: string }[]): string {
  let text = "";
  let file: string | null = null;
  let head = "";
  for (const r of page) {
    if (r.file !== file) {
      file = r.file;
      head = `{"change":"${kind}","file":${JSON.stringify(file)},"id":`;
    }
    text += `${head}${JSON.stringify(r.rowKey)}}\n`;
  }
  return text;
}

/** Once a snapshot completes, the rows of the pool's older snapshots are of no more use. */
export async function pruneLedger(db: Db, poolId: string, keepSnapshotId: string): Promise<void> {
  await execOf(db).run(
    `DELETE FROM "SnapshotRow" WHERE "snapshotId" IN (SELECT "id" FROM "Snapshot" WHERE "poolId" = ? AND "id" <> ? AND "status" IN ('complete', 'failed'))`,
    [poolId, keepSnapshotId],
  );
}

export async function dropLedger(db: Db, snapshotId: string): Promise<void> {
  await execOf(db).run(`DELETE FROM "SnapshotRow" WHERE "snapshotId" = ?`, [snapshotId]);
}
