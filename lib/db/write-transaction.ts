import "server-only";
// The transaction every interactive write runs in (a submit, an adjudication, an override,
// a reopening...): the write and the derived values it changes commit together.
// On SQLite the first statement takes the database's write lock (a no-op UPDATE): Prisma's
// adapter begins deferred transactions, and one that read first and wrote later would fail
// with SQLITE_BUSY when another connection wrote in between (see lib/queues/claim-locks.ts).
// The hot path's own writes (claim, save, submit) use lib/db/connection-transaction.ts.
import { databaseUrlOf, providerOf, type Db, type DbProvider } from "@/lib/db";
import type { Tx } from "@/lib/queues/claim-locks";
import { execFor, type SqlExec } from "@/lib/db/sql-exec";
import { WRITE_TRANSACTION } from "@/lib/db/connection-transaction";

export type WriteTx = { tx: Tx; exec: SqlExec; provider: DbProvider };

export { WRITE_TRANSACTION };

// A Prisma interactive transaction (its writes may be Prisma model calls, which Prisma may wrap
// in transactions of their own); statements through `w.exec` run in it on the same connection.
export async function inWriteTransaction<T>(db: Db, projectId: string, work: (w: WriteTx) => Promise<T>): Promise<T> {
  const provider = providerOf(databaseUrlOf(db));
  return db.$transaction(async (tx) => {
    const w = writeTxOf(db, tx);
    if (provider === "sqlite") await w.exec.run(`UPDATE "Project" SET "derivationCode" = "derivationCode" WHERE "id" = ?`, [projectId]);
    return work(w);
  }, WRITE_TRANSACTION);
}

/** A transaction of `db` opened elsewhere (the claim functions open their own, with their locks). */
export function writeTxOf(db: Db, tx: Tx): WriteTx {
  return { tx, exec: execFor(db, tx), provider: providerOf(databaseUrlOf(db)) };
}
