import "server-only";
// Prisma's PostgreSQL adapter with the statements of each interactive transaction sent one
// after another. Prisma's query interpreter loads the relations of one query at once (an
// `include` of three relations is three statements in flight), and in a transaction they
// all go to its one pg connection. node-postgres queues them itself today, but warns that it
// will refuse a query sent while one is running from pg 9 ("Calling client.query() when the
// client is already executing a query", from adjudicateItem's three-relation include in the db
// tier): the queue is kept here instead, in the same order, so a transaction's statements do
// not change when pg stops queueing. Statements outside a transaction take a pool connection
// each and are left as they are.
// Adapter internals used, @prisma/adapter-pg 6.19.3 (dist/index.mjs): startTransaction()
// returns a PgTransaction whose queryRaw and executeRaw (BEGIN, COMMIT and ROLLBACK too) all
// go through its performIO(query). tests/db/postgres-serial-transactions.test.ts fails if a
// transaction's connection ever has two statements in flight again.
import { PrismaPg } from "@prisma/adapter-pg";

type PerformIO = (query: unknown) => Promise<unknown>;
type Transaction = { performIO?: PerformIO };
type Adapter = { startTransaction(isolationLevel?: unknown): Promise<Transaction> };

/** `run` of each call waits for the calls before it, whatever their outcome. */
export function serialized<A, R>(run: (arg: A) => Promise<R>): (arg: A) => Promise<R> {
  let tail: Promise<unknown> = Promise.resolve();
  return (arg) => {
    const result = tail.then(() => run(arg));
    tail = result.catch(() => undefined);
    return result;
  };
}

export class SerialTransactionsPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const open = adapter as unknown as Adapter;
    const start = open.startTransaction.bind(adapter);
    open.startTransaction = async (isolationLevel) => {
      const tx = await start(isolationLevel);
      // Were it renamed by an upgrade, pg would queue as before and the test would say so.
      if (typeof tx.performIO === "function") tx.performIO = serialized(tx.performIO.bind(tx));
      return tx;
    };
    return adapter;
  }
}
