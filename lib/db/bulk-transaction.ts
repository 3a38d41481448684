import "server-only";
// Transactions for bulk writes (import batches, their derivation, the project-wide recompute
// job). On SQLite they run on a better-sqlite3 connection of their own, because Prisma's
// per-statement cost would dominate; on PostgreSQL on a connection of the hot path's
// node-postgres pool, for the same reason (an import's raw statements through Prisma's
// transactions cost more than the rows, bench/results.md). The SQLite connection never blocks
// the event loop on a lock: it begins with a zero busy timeout and retries after a pause, so a
// Prisma transaction of this same process that holds the lock can finish meanwhile.
import Database from "better-sqlite3";
import { databaseUrlOf, providerOf, sqlitePath, type Db } from "@/lib/db";
import { inPostgresPoolTransaction } from "@/lib/db/connection-transaction";
import { sqliteConnectionExec, type SqlExec } from "@/lib/db/sql-exec";
import { boundWriteAheadLog } from "@/lib/db/sqlite-wal";

// `tail`: transactions on one connection run one after the other, even when started together.
type SqliteBulk = { connection: Database.Database; exec: SqlExec; tail: Promise<unknown> };
const connections = new Map<string, SqliteBulk>();

function sqliteBulk(file: string): SqliteBulk {
  let bulk = connections.get(file);
  if (!bulk) {
    const connection = new Database(file, { timeout: 0, fileMustExist: true });
    connection.pragma("journal_mode = WAL");
    // Only machine writes run here (imports, derivation). In WAL mode NORMAL never corrupts the
    // database and keeps commit order: the next commit of Prisma's connection (FULL: the job's
    // end, anyone's save) makes these durable too. A power cut before one can lose the last of
    // them, which a re-run of the import writes again (every write is keyed) and the next
    // recompute derives again (the items stay stale). FULL made every batch wait for the disk.
    connection.pragma("synchronous = NORMAL");
    boundWriteAheadLog(connection);
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
 * statements (see lib/db/sql-exec.ts), which keeps the transaction free of other I/O.
 */
export async function inBulkTransaction<T>(db: Db, work: (exec: SqlExec) => Promise<T>): Promise<T> {
  const url = databaseUrlOf(db);
  const provider = providerOf(url);
  if (provider === "postgres") return inPostgresPoolTransaction(db, work);
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
