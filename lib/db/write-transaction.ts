import "server-only";
// The transaction every interactive write runs in (a submit, an adjudication, an override,
// a reopening...): the write and the derived values it changes commit together.
// On SQLite the first statement takes the database's write lock (a no-op UPDATE): Prisma's
// adapter begins deferred transactions, and one that read first and wrote later would fail
// with SQLITE_BUSY when another connection wrote in between (see lib/queues/claim-locks.ts).
// The hot path's own writes (claim, save, submit) use lib/db/connection-transaction.ts.
import { databaseUrlOf, providerOf, type Db, type DbProvider, type Tx } from "@/lib/db";
import { execFor, type SqlExec } from "@/lib/db/sql-exec";

export type WriteTx = { tx: Tx; exec: SqlExec; provider: DbProvider };

// Transactions wait for one another (SQLite has one writer); a loaded machine is slow, and a
// write must not fail because another one took a while.
export const WRITE_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;

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
