import "server-only";
// The transaction every interactive write runs in (a submit, an adjudication, an override,
// a reopening...): the write and the derived values it changes commit together.
// On SQLite it begins IMMEDIATE (lib/derived/connection-transaction.ts): a deferred transaction
// that read first and wrote later would fail with SQLITE_BUSY when another connection wrote in
// between (see lib/queues/claim-locks.ts).
import { databaseUrlOf, providerOf, type Db, type DbProvider } from "@/lib/db";
import type { Tx } from "@/lib/queues/claim-locks";
import { execFor, type SqlExec } from "@/lib/derived/sql-exec";
import { inConnectionTransaction } from "@/lib/derived/connection-transaction";

export type WriteTx = { tx: Tx; exec: SqlExec; provider: DbProvider };

export { WRITE_TRANSACTION } from "@/lib/derived/connection-transaction";

// `projectId`: the project the write is in (kept for callers; the transaction is the database's).
export async function inWriteTransaction<T>(db: Db, _projectId: string, work: (w: WriteTx) => Promise<T>): Promise<T> {
  return inConnectionTransaction(db, work);
}

/** A transaction of `db` opened elsewhere (the claim functions open their own, with their locks). */
export function writeTxOf(db: Db, tx: Tx): WriteTx {
  return { tx, exec: execFor(db, tx), provider: providerOf(databaseUrlOf(db)) };
}
