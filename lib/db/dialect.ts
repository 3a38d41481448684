import "server-only";
// The few places raw SQL has to differ between SQLite and PostgreSQL, in one file: numbered
// parameters, two-argument min/max, the UTC day of a timestamp and seconds between two
// (SQLite keeps DateTime as ISO-8601 text with a +00:00 offset, PostgreSQL as timestamp(3)
// in UTC), and the rows of a JSON array column. Everything else is plain, portable SQL.
import type { DbProvider } from "@/lib/db";

export type Dialect = ReturnType<typeof dialect>;

// Prisma's SQLite adapter stores DateTime as this text; comparisons in SQL are textual, so a
// parameter must have exactly the stored shape.
export const sqliteDateText = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** A parameter as better-sqlite3 binds it: dates as the stored text, booleans as 0/1. */
export function sqliteParam(value: unknown): unknown {
  if (value instanceof Date) return sqliteDateText(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

export function dialect(provider: DbProvider) {
  const isPg = provider === "postgres";
  const args: unknown[] = [];
  return {
    provider,
    args,
    /** A bound parameter; build the text left to right, parameters are numbered as written. */
    p(value: unknown): string {
      args.push(value);
      return isPg ? `$${args.length}` : "?";
    },
    least: (a: string, b: string) => (isPg ? `LEAST(${a}, ${b})` : `MIN(${a}, ${b})`),
    greatest: (a: string, b: string) => (isPg ? `GREATEST(${a}, ${b})` : `MAX(${a}, ${b})`),
    utcDay: (column: string) => (isPg ? `to_char(${column}, 'YYYY-MM-DD')` : `substr(${column}, 1, 10)`),
    secondsBetween: (from: string, to: string) =>
      isPg ? `EXTRACT(EPOCH FROM (${to} - ${from}))` : `((julianday(${to}) - julianday(${from})) * 86400.0)`,
    /** FROM-clause item yielding one row per element of a JSON array column, as `alias`. */
    jsonElements: (column: string, alias: string) =>
      isPg ? `jsonb_array_elements(CASE WHEN jsonb_typeof(${column}) = 'array' THEN ${column} ELSE '[]'::jsonb END) AS ${alias}(value)` : `json_each(CASE WHEN json_type(${column}) = 'array' THEN ${column} ELSE '[]' END) AS ${alias}`,
    /** A text field of an element produced by jsonElements. */
    jsonText: (alias: string, field: string) => (isPg ? `(${alias}.value ->> '${field}')` : `json_extract(${alias}.value, '$.${field}')`),
  };
}

// Counts and sums come back as bigint (PostgreSQL COUNT), numeric strings or numbers.
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (value === null || value === undefined) return 0;
  return Number(String(value));
}

// Booleans come back as true/false (PostgreSQL) or 1/0 (SQLite).
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === 1n || value === "1" || value === "t" || value === "true";
}
