import "server-only";
// Transactions for bulk derivation (import batches, the project-wide recompute job). On SQLite
// they run on a better-sqlite3 connection of their own, because Prisma's per-statement cost
// would dominate; on PostgreSQL in a Prisma transaction. The SQLite connection never blocks
// the event loop on a lock: it begins with a zero busy timeout and retries after a pause, so a
// Prisma transaction of this same process that holds the lock can finish meanwhile.
import Database from "better-sqlite3";
import { databaseUrlOf, providerOf, sqlitePath, type Db } from "@/lib/db";
import { prismaExec, sqliteConnectionExec, type SqlExec } from "@/lib/derived/sql-exec";
import { WRITE_TRANSACTION } from "@/lib/derived/write-transaction";

// `tail`: transactions on one connection run one after the other, even when started together.
type SqliteBulk = { connection: Database.Database; exec: SqlExec; tail: Promise<unknown> };
const connections = new Map<string, SqliteBulk>();

function sqliteBulk(file: string): SqliteBulk {
  let bulk = connections.get(file);
  if (!bulk) {
    const connection = new Database(file, { timeout: 0, fileMustExist: true });
    connection.pragma("journal_mode = WAL");
    bulk = { connection, exec: sqliteConnectionExec(connection), tail: Promise.resolve() };
    connections.set(file, bulk);
  }
  return bulk;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown) => error instanceof Error && "code" in error && String((error as { code: unknown }).code).startsWith("SQLITE_BUSY");

// A long wait, because a loaded machine can hold the lock for a while; never a hang.
const BEGIN_PATIENCE_MS = 120_000;

async function beginImmediate(connection: Database.Database): Promise<void> {
  const started = Date.now();
  for (let delay = 2; ; delay = Math.min(100, delay * 2)) {
    try {
      connection.exec("BEGIN IMMEDIATE");
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() - started > BEGIN_PATIENCE_MS) throw error;
      await pause(delay);
    }
  }
}

/**
 * Runs `work` in one transaction. On SQLite `work` must await nothing but the executor's own
 * statements (see lib/derived/sql-exec.ts), which keeps the transaction free of other I/O.
 */
export async function inBulkTransaction<T>(db: Db, work: (exec: SqlExec) => Promise<T>): Promise<T> {
  const url = databaseUrlOf(db);
  const provider = providerOf(url);
  if (provider === "postgres") return db.$transaction((tx) => work(prismaExec(tx, provider)), WRITE_TRANSACTION);
  const bulk = sqliteBulk(sqlitePath(url));
  const run = async () => {
    await beginImmediate(bulk.connection);
    try {
      const result = await work(bulk.exec);
      bulk.connection.exec("COMMIT");
      return result;
    } catch (error) {
      if (bulk.connection.inTransaction) bulk.connection.exec("ROLLBACK");
      throw error;
    }
  };
  const result = bulk.tail.then(run, run);
  bulk.tail = result.catch(() => undefined);
  return result;
}
