import "server-only";
// Raw SQL (the derivation's, the hot path's, the queue's) works on three kinds of connection
// with one text: an interactive Prisma transaction (adjudication, override, reopening), the
// Prisma client itself (jobs), and on SQLite a better-sqlite3 connection of its own (bulk
// imports, where Prisma's per-statement cost would dominate). `?` placeholders are numbered
// for PostgreSQL; parameters are converted to what each driver stores (SQLite: 0/1, ISO text).
//
// A transaction on a raw better-sqlite3 connection must never await real I/O: better-sqlite3
// waits for locks synchronously, so a Prisma write waiting on it would block the event loop
// the transaction needs to finish. Its statements resolve at once, so awaiting them only runs
// microtasks and nothing else can interleave.
import type Database from "better-sqlite3";
import { createHash } from "node:crypto";
import pg from "pg";
import { databaseUrlOf, postgresHotPoolOf, providerOf, sqliteConnectionOf, type Db, type DbProvider, type Tx } from "@/lib/db";
import { sqliteParam } from "@/lib/db/dialect";

export type SqlExec = {
  provider: DbProvider;
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  run(sql: string, params: readonly unknown[]): Promise<number>;
};

type RawClient = Pick<Tx, "$queryRawUnsafe" | "$executeRawUnsafe">;

function numbered(sql: string): string {
  let n = 0;
  // No SQL text of the derivation holds a literal "?" inside quotes.
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A Prisma transaction client (or the client itself) as an executor. */
export function prismaExec(client: RawClient, provider: DbProvider): SqlExec {
  if (provider === "postgres") {
    return {
      provider,
      all: <T>(sql: string, params: readonly unknown[]) => client.$queryRawUnsafe<T[]>(numbered(sql), ...params),
      run: (sql: string, params: readonly unknown[]) => client.$executeRawUnsafe(numbered(sql), ...params),
    };
  }
  return {
    provider,
    all: <T>(sql: string, params: readonly unknown[]) => client.$queryRawUnsafe<T[]>(sql, ...params.map(sqliteParam)),
    run: (sql: string, params: readonly unknown[]) => client.$executeRawUnsafe(sql, ...params.map(sqliteParam)),
  };
}

// One executor per connection, so its prepared statements are shared by every caller.
const executors = new WeakMap<Database.Database, SqlExec>();

/**
 * A better-sqlite3 connection as an executor, its statements prepared once. Integers come back
 * as numbers even on a connection opened with safe integers (Prisma's), as the derivation's
 * readers expect; no column of ours holds an integer past 2^53.
 */
export function sqliteConnectionExec(connection: Database.Database): SqlExec {
  const known = executors.get(connection);
  if (known) return known;
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      statement.safeIntegers(false);
      statements.set(sql, statement);
    }
    return statement;
  };
  const exec: SqlExec = {
    provider: "sqlite",
    all: async <T>(sql: string, params: readonly unknown[]) => prepared(sql).all(...params.map(sqliteParam)) as T[],
    run: async (sql: string, params: readonly unknown[]) => prepared(sql).run(...params.map(sqliteParam)).changes,
  };
  executors.set(connection, exec);
  return exec;
}

// Values as Prisma's raw queries return them on PostgreSQL, so one reader serves both: a
// timestamp (without zone, as Prisma writes DateTime) is UTC, a count (int8) a number (no
// column of ours holds one past 2^53), numeric a number. JSON and booleans as pg parses them.
const utcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const PG_TYPES = {
  getTypeParser(oid: number, format?: string) {
    if (oid === pg.types.builtins.TIMESTAMP) return utcTimestamp;
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format as "text");
  },
};

// Parameters as Prisma sends them: a Date as UTC text (the columns hold UTC without a zone).
function pgParam(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("T", " ").replace("Z", "");
  if (typeof value === "bigint") return value.toString();
  return value;
}

// Each statement text under a name of its own, so each connection prepares it once: PostgreSQL
// parses and plans an unnamed statement on every run, and on the hot path that was most of a
// statement's time in the server (its log over a trajectory submit in a queue: parse 0.33 ms
// and bind 0.60 ms on average, against 0.26 ms executing). The texts are the code's own (values
// travel apart), so the names are few; a connection keeps its statements until it closes
// (the hot pool's idle ones after 10 s, lib/db/postgres-hot-pool.ts).
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `v_${createHash("sha256").update(text).digest("base64url").slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A node-postgres pool or connection as an executor (the hot path's, lib/db/postgres-hot-pool.ts). */
export function pgExec(queryable: pg.Pool | pg.PoolClient): SqlExec {
  const query = (sql: string, params: readonly unknown[]) => {
    const text = numbered(sql);
    // Without values node-postgres sends the simple protocol (ANALYZE, several statements): left so.
    if (params.length === 0) return queryable.query({ text, types: PG_TYPES });
    return queryable.query({ name: statementName(text), text, values: params.map(pgParam), types: PG_TYPES });
  };
  return {
    provider: "postgres",
    all: async <T>(sql: string, params: readonly unknown[]) => (await query(sql, params)).rows as T[],
    run: async (sql: string, params: readonly unknown[]) => (await query(sql, params)).rowCount ?? 0,
  };
}

/**
 * The executor for statements of `client` (a Prisma transaction of `db`, or `db` itself). On
 * SQLite, once Prisma has connected, that is Prisma's own connection driven directly: inside a
 * transaction its statements belong to it, as Prisma's would, at a fraction of the cost. On
 * PostgreSQL, outside a transaction, the hot path's own pool; inside a Prisma transaction its
 * statements must be the transaction's, so Prisma runs them.
 */
export function execFor(db: Db, client: RawClient = db): SqlExec {
  const provider = providerOf(databaseUrlOf(db));
  if (provider === "postgres") return client === db ? pgExec(postgresHotPoolOf(db)!) : prismaExec(client, provider);
  const connection = sqliteConnectionOf(db);
  return connection ? sqliteConnectionExec(connection) : prismaExec(client, provider);
}

/** "?, ?, ?" for an IN list of n values. */
export const inList = (n: number) => Array.from({ length: n }, () => "?").join(", ");

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
