import "server-only";
// Bulk reads (exports, the v1 API's verified items) as one SQL text for both providers:
// double-quoted identifiers, `?` placeholders (numbered $1.. for PostgreSQL). SQLite is read
// through better-sqlite3 on a connection of its own, because Prisma's per-row cost would cap
// an export far below the 50k rows/s it must reach (STACK.md); PostgreSQL through node-postgres
// on the hot path's pool (lib/db/sql-exec.ts pgExec: values typed as Prisma's raw queries
// return them), for the same reason: Prisma's raw query was most of a PostgreSQL export's read.
// Column values differ by provider (SQLite: 0/1, ISO text, JSON text), so callers decode them
// with asBool / asDate / asJson.
import Database from "better-sqlite3";
import { databaseUrlOf, postgresHotPoolOf, providerOf, sqlitePath, type Db, type DbProvider } from "@/lib/db";
import { pgExec } from "@/lib/db/sql-exec";
import { sqliteParam } from "@/lib/db/dialect";

export type SqlReader = {
  provider: DbProvider;
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  close(): void;
};

export function openSqlReader(db: Db): SqlReader {
  const url = databaseUrlOf(db);
  const provider = providerOf(url);
  if (provider === "postgres") {
    const exec = pgExec(postgresHotPoolOf(db)!);
    return { provider, all: exec.all, close: () => {} };
  }
  const connection = new Database(sqlitePath(url), { timeout: 10_000, fileMustExist: true });
  const statements = new Map<string, { statement: Database.Statement; rowOf: (values: readonly unknown[]) => Record<string, unknown> }>();
  return {
    provider,
    async all<T>(sql: string, params: readonly unknown[]) {
      let prepared = statements.get(sql);
      if (!prepared) {
        const statement = connection.prepare(sql).raw(true);
        prepared = { statement, rowOf: rowMaker(statement.columns().map((c) => c.name)) };
        statements.set(sql, prepared);
      }
      return (prepared.statement.all(...params.map(sqliteParam)) as unknown[][]).map(prepared.rowOf) as T[];
    },
    close: () => connection.close(),
  };
}

/**
 * Rows come from the driver as arrays and are made objects here: better-sqlite3 building each
 * row's object itself cost twice as much (50,000 rows of 15 columns: 250 ms against 120 ms).
 * The object is written as one literal per statement's columns, compiled once: added key by
 * key, a row of 28 columns (a sample with its final answer) cost 2.8 us against 0.06, as V8
 * grew its property store at every few keys. The same keys in the same order (a later column
 * of a repeated name wins, as the driver's own objects do) and the same values. The names
 * are the statement's own columns, written into the literal as JSON strings.
 */
export function rowMaker(columns: readonly string[]): (values: readonly unknown[]) => Record<string, unknown> {
  // `"__proto__": x` in a literal sets the prototype; a column of that name keeps the loop.
  if (columns.includes("__proto__")) return (values) => rowObject(columns, values);
  const literal = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(", ");
  return new Function("values", `return { ${literal} };`) as (values: readonly unknown[]) => Record<string, unknown>;
}

function rowObject(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
  return row;
}

export function asBool(value: unknown): boolean {
  return value === true || value === 1 || value === 1n;
}

export function asDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

export function asJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? (JSON.parse(value) as unknown) : value;
}

/**
 * `column IN (?, ?, ...)` on SQLite, `column = ANY(?)` with one array on PostgreSQL, whose
 * server otherwise parses and plans a thousand parameters for each batch of an export's
 * lookups (final answers, screenshots). The values are pushed onto `params`.
 */
export function inValues(reader: Pick<SqlReader, "provider">, column: string, values: readonly unknown[], params: unknown[]): string {
  if (reader.provider === "postgres") {
    params.push(values);
    return `${column} = ANY(?)`;
  }
  params.push(...values);
  return `${column} IN (${placeholders(values.length)})`;
}

/** "?, ?, ?" for an IN list of n values. */
export const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");
