// The database room. This file is the one Prisma client, and the only place that picks SQLite
// or PostgreSQL: both generated clients come from the same models (prisma/models.prisma), so
// the PostgreSQL client is exposed under the SQLite client's type (Db; Tx is the client a
// Prisma transaction hands its body). Beside it:
//   sql-exec.ts      execFor(db): raw SQL with `?` placeholders, one text for both providers
//   dialect.ts       the few places that text differs (parameters, dates, JSON arrays)
//   sql-reader.ts    bulk reads on a connection of their own (exports, the v1 API), read-ahead.ts
//   key-lookup.ts, capped-count.ts, distinct-values.ts   many keys at once, list totals and
//                    filter menus that stay fast at a million rows
//   planner-statistics.ts, migrate.ts, unavailable.ts, unique-violation.ts
//   postgres-hot-pool.ts, postgres-serial-transactions.ts, sqlite-wal.ts   driver settings
//
// Every write runs in one of three kinds of transaction; each hands its body a WriteTx
// ({ tx, exec, provider }), and each file's header says more.
//   Interactive write: inWriteTransaction (write-transaction.ts), a Prisma interactive
//     transaction. The default for a person's write that reads first or uses Prisma's model
//     calls: an override, a reopening, a proposal, the bulk pass, a triage decision, an
//     import's labels. On SQLite its first statement takes the write lock. Releasing a claim
//     and adjudicating open theirs themselves (db.$transaction with CLAIM_TRANSACTION, then
//     writeTxOf), to take the queue's locks first.
//   Hot path: inConnectionTransaction (connection-transaction.ts), BEGIN IMMEDIATE on Prisma's
//     own SQLite connection through the gate Prisma's transactions take (TransactionGate
//     below), BEGIN on the hot path's own PostgreSQL pool. For the writes made on every
//     request, where Prisma's per-query cost was most of the time: a claim, a save, a submit.
//     The body writes through `w.exec` only; a Prisma transaction begun inside one is refused.
//   Bulk: inBulkTransaction (bulk-transaction.ts), a better-sqlite3 connection of its own (on
//     PostgreSQL the hot pool), for machine writes by the thousand: import batches and their
//     derivation, the project-wide recompute. The body awaits nothing but its statements.
//
// Lock order, the one every transaction keeps (PostgreSQL takes row locks in it; SQLite has
// one writer at a time, and there the first statement takes the write lock): queue member ->
// queue item -> claim rows (lib/queues/claim-locks.ts) -> the item itself, sample or
// trajectory, FOR NO KEY UPDATE (lib/annotations/answer-revisions.ts lockItem). A save writes
// the person's answer row before it locks the item: the row's foreign key holds KEY SHARE on
// the item, which NO KEY UPDATE does not wait for (tests/db/save-lock-order.test.ts).
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import type Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type pg from "pg";
import { openHotPool } from "@/lib/db/postgres-hot-pool";
import { SerialTransactionsPg } from "@/lib/db/postgres-serial-transactions";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgres/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { boundWriteAheadLog } from "@/lib/db/sqlite-wal";

export type Db = SqliteClient;
/** The client an interactive transaction hands its body (every transaction kind's `w.tx`). */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
export type DbProvider = "sqlite" | "postgres";

export function providerOf(url: string): DbProvider {
  return /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

export function sqlitePath(url: string): string {
  return url.replace(/^file:/, "");
}

// Bulk paths (imports) open the driver directly on the same database; they find it here.
// Kept on globalThis like the client itself: Next.js bundles this module once per route
// bundle, and a client made in one bundle is used from the others.
const globalUrls = globalThis as unknown as { verityDbUrls?: WeakMap<object, string> };
const urls = (globalUrls.verityDbUrls ??= new WeakMap<object, string>());

// The hot path's PostgreSQL pool of each client (lib/db/postgres-hot-pool.ts), on globalThis as above.
const globalPools = globalThis as unknown as { verityHotPools?: WeakMap<object, pg.Pool> };
const hotPools = (globalPools.verityHotPools ??= new WeakMap<object, pg.Pool>());

/** The hot path's own node-postgres pool for this client (null on SQLite), opened on first use. */
export function postgresHotPoolOf(db: Db): pg.Pool | null {
  const known = hotPools.get(db);
  if (known) return known;
  const url = databaseUrlOf(db);
  if (providerOf(url) !== "postgres") return null;
  const pool = openHotPool(url);
  hotPools.set(db, pool);
  return pool;
}

export function databaseUrlOf(db: Db): string {
  const url = urls.get(db);
  if (!url) throw new Error("this client was not made by createDb");
  return url;
}

// The one better-sqlite3 connection Prisma's SQLite adapter opens for a client. The hot paths
// (claim, save, submit, the session's reads) run their statements on it directly, prepared
// once (lib/db/sql-exec.ts): the same connection, so inside a Prisma transaction they are
// part of that transaction, and outside one they are ordered with Prisma's own statements;
// without Prisma's per-query compilation, which was most of a request's time (bench/load-results.md).

/** The SQLite connection under this client, once it has connected (null before, and on PostgreSQL). */
export function sqliteConnectionOf(db: Db): Database.Database | null {
  return connections.get(db)?.connection ?? null;
}

/**
 * One transaction at a time on a client's SQLite connection: Prisma's interactive transactions
 * and the hot path's own (lib/db/connection-transaction.ts) both pass through this gate,
 * so one never begins inside the other. A promise chain: each holder waits for the previous.
 */
export class TransactionGate {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return ready;
  }
}

type SqliteHandle = { connection: Database.Database; gate: TransactionGate };

// The connection transaction the current async context runs in (lib/db/connection-transaction.ts).
// A Prisma transaction begun inside one (an interactive one, or one Prisma opens itself for a
// nested write) would wait for the gate its own caller holds: it is refused at once instead.
const globalScope = globalThis as unknown as { verityConnectionScope?: AsyncLocalStorage<SqliteHandle> };
export const connectionTransactionScope = (globalScope.verityConnectionScope ??= new AsyncLocalStorage<SqliteHandle>());
const globalConnections = globalThis as unknown as { verityDbConnections?: WeakMap<object, SqliteHandle> };
const connections = (globalConnections.verityDbConnections ??= new WeakMap<object, SqliteHandle>());

/** The connection and its transaction gate (null before Prisma connected, and on PostgreSQL). */
export function sqliteHandleOf(db: Db): SqliteHandle | null {
  return connections.get(db) ?? null;
}

type StartTransaction = (isolationLevel?: unknown) => Promise<{ commit(): Promise<void>; rollback(): Promise<void> }>;

// Prisma connects lazily, through the factory's connect(); the adapter it returns keeps the
// driver's connection as its public `client`. Its transactions are made to take the gate first
// (and give it back when they commit or roll back).
class ConnectionRecordingSqlite extends PrismaBetterSQLite3 {
  owner: object | null = null;
  override async connect() {
    const adapter = await super.connect();
    const gate = new TransactionGate();
    const open = adapter as unknown as { client: Database.Database; startTransaction: StartTransaction };
    boundWriteAheadLog(open.client);
    const handle: SqliteHandle = { connection: open.client, gate };
    const start = open.startTransaction.bind(adapter);
    open.startTransaction = async (isolationLevel) => {
      if (connectionTransactionScope.getStore() === handle) {
        throw new Error("a Prisma transaction was begun inside a connection transaction: write through its executor (w.exec) instead");
      }
      const release = await gate.acquire();
      try {
        const tx = await start(isolationLevel);
        let done = false;
        const finish = () => {
          if (!done) (done = true), release();
        };
        const commit = tx.commit.bind(tx);
        const rollback = tx.rollback.bind(tx);
        tx.commit = () => commit().finally(finish);
        tx.rollback = () => rollback().finally(finish);
        return tx;
      } catch (error) {
        release();
        throw error;
      }
    };
    if (this.owner) connections.set(this.owner, handle);
    return adapter;
  }
}

export function createDb(url: string): Db {
  const client = openClient(url);
  urls.set(client, url);
  if (providerOf(url) === "postgres") {
    // Disconnecting the client ends the hot path's pool too.
    const disconnect = client.$disconnect.bind(client);
    client.$disconnect = async () => {
      const pool = hotPools.get(client);
      hotPools.delete(client);
      await Promise.all([disconnect(), pool?.end()]);
    };
  }
  return client;
}

function openClient(url: string): Db {
  if (providerOf(url) === "postgres") {
    const adapter = new SerialTransactionsPg({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
    return new PostgresClient({ adapter }) as unknown as Db;
  }
  const file = sqlitePath(url);
  // better-sqlite3 would silently create an empty database; a missing file means the
  // migrations were not applied (or the path is wrong), which deserves a clear message.
  if (file !== ":memory:" && !existsSync(file)) {
    throw new AppError("unavailable", `Database file ${file} does not exist: run \`npm run verity -- migrate\` first`);
  }
  // `timeout` is SQLite's busy timeout: writers wait for each other instead of failing.
  const adapter = new ConnectionRecordingSqlite({ url: file, timeout: 10_000 });
  const client = new SqliteClient({ adapter });
  adapter.owner = client;
  return client;
}

const globalForDb = globalThis as unknown as { verityDb?: Db };

export function db(): Db {
  globalForDb.verityDb ??= createDb(env().databaseUrl);
  return globalForDb.verityDb;
}
