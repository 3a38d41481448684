import "server-only";
// The write transactions of the hot path (a claim, a save, a submit). On SQLite, BEGIN IMMEDIATE ... COMMIT straight on Prisma's
// connection, through the gate Prisma's own transactions take (lib/db/index.ts): a Prisma
// interactive transaction hops through timers between its steps while it holds the lock, and
// under 50 annotators the queue behind it, not the work, was most of a save's time
// (bench/load-results.md). The body awaits only the executor's statements, which resolve at
// once, so the lock is held for the statements alone. On PostgreSQL, BEGIN ... COMMIT on a
// connection of the hot path's own node-postgres pool (no query engine per statement).
// `w.tx` is the client itself on SQLite: on the one connection its reads run inside this
// transaction too; a Prisma write that Prisma wraps in a transaction of its own (nested writes)
// is refused (lib/db/index.ts), so the bodies here write through `w.exec` only. Writes that need
// Prisma's model calls use inWriteTransaction, a Prisma interactive transaction.
import { connectionTransactionScope, databaseUrlOf, postgresHotPoolOf, providerOf, sqliteHandleOf, type Db, type Tx } from "@/lib/db";
import { pgExec, sqliteConnectionExec, type SqlExec } from "@/lib/db/sql-exec";
import { WRITE_TRANSACTION, writeTxOf, type WriteTx } from "@/lib/db/write-transaction";

export async function inConnectionTransaction<T>(db: Db, work: (w: WriteTx) => Promise<T>): Promise<T> {
  if (providerOf(databaseUrlOf(db)) === "postgres") return inPostgresConnectionTransaction(db, work);
  let handle = sqliteHandleOf(db);
  if (!handle) {
    await db.$connect();
    handle = sqliteHandleOf(db);
  }
  if (!handle) return db.$transaction((tx) => work(writeTxOf(db, tx)), WRITE_TRANSACTION);
  const { connection, gate } = handle;
  const release = await gate.acquire();
  try {
    connection.exec("BEGIN IMMEDIATE");
    try {
      const result = await connectionTransactionScope.run(handle, () => work({ tx: db as unknown as Tx, exec: sqliteConnectionExec(connection), provider: "sqlite" }));
      connection.exec("COMMIT");
      return result;
    } catch (error) {
      if (connection.inTransaction) connection.exec("ROLLBACK");
      throw error;
    }
  } finally {
    release();
  }
}

/**
 * BEGIN ... COMMIT on a connection of the hot path's own pool (lib/db/postgres-hot-pool.ts).
 * `w.tx` is the client: its reads (a honeypot's known answer, the current final answer) see
 * committed data on Prisma's pool, and never wait for this transaction's connection.
 */
function inPostgresConnectionTransaction<T>(db: Db, work: (w: WriteTx) => Promise<T>): Promise<T> {
  return inPostgresPoolTransaction(db, (exec) => work({ tx: db as unknown as Tx, exec, provider: "postgres" }));
}

/** BEGIN ... COMMIT around `work` on a connection of the hot path's pool (also bulk derivation's and imports', lib/db/bulk-transaction.ts). */
export async function inPostgresPoolTransaction<T>(db: Db, work: (exec: SqlExec) => Promise<T>): Promise<T> {
  const connection = await postgresHotPoolOf(db)!.connect();
  let broken = false;
  try {
    await connection.query("BEGIN");
    try {
      const result = await work(pgExec(connection));
      await connection.query("COMMIT");
      return result;
    } catch (error) {
      await connection.query("ROLLBACK").catch(() => (broken = true));
      throw error;
    }
  } finally {
    // A connection whose rollback failed is closed, not handed to the next request.
    connection.release(broken);
  }
}
