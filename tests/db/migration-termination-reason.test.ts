// The migration that made a source's end reason a column (20261206203140) fills it for UI-Venus
// framework episodes imported before, whose reason was kept in extra.terminationReason: a
// database of the previous schema holding such an episode, one of another source with the
// same key in its extra, and one without the key, is migrated by the shipped migration.sql
// files (applied in order, as `prisma migrate deploy` would) on SQLite and PostgreSQL.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";

const MIGRATION = "20261206203140_trajectory_termination_reason";

function migrationsUpTo(provider: "sqlite" | "postgres"): { before: string[]; migration: string } {
  const dir = path.join(process.cwd(), "prisma", provider, "migrations");
  const names = readdirSync(dir).filter((n) => /^\d{14}_/.test(n)).sort();
  expect(names).toContain(MIGRATION);
  const sql = (n: string) => readFileSync(path.join(dir, n, "migration.sql"), "utf8");
  return { before: names.slice(0, names.indexOf(MIGRATION)).map(sql), migration: sql(MIGRATION) };
}

const trajectory = (id: string, sourceDataset: string, extra: object | null) => ({
  id, projectId: "p1", goal: "g", sourceDataset, sourceId: id, contentHash: id, extra: extra === null ? null : JSON.stringify(extra), updatedAt: "2026-12-01T00:00:00.000Z",
});
const OLD_ROWS: [string, Record<string, unknown>][] = [
  ["Project", { id: "p1", slug: "p1", name: "P", settings: "{}", updatedAt: "2026-12-01T00:00:00.000Z" }],
  ["Trajectory", trajectory("venus", "ui-venus-framework", { terminationReason: "repeat_loop", isSuccessful: false })],
  ["Trajectory", trajectory("venus-without", "ui-venus-framework", { isSuccessful: true })],
  ["Trajectory", trajectory("other", "somewhere-else", { terminationReason: "not ours" })],
  ["Trajectory", trajectory("bare", "ui-venus-framework", null)],
];
const READ_BACK = `SELECT "id", "terminationReason" FROM "Trajectory" ORDER BY "id"`;
type Row = { id: string; terminationReason: string | null };

async function migrateSqlite(): Promise<Row[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-migrate-"));
  const db = new Database(path.join(dir, "old.db"));
  try {
    const { before, migration } = migrationsUpTo("sqlite");
    for (const sql of before) db.exec(sql);
    for (const [table, row] of OLD_ROWS) {
      const cols = Object.keys(row);
      db.prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).run(...cols.map((c) => row[c]));
    }
    db.exec(migration);
    return db.prepare(READ_BACK).all() as Row[];
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function migratePostgres(): Promise<Row[]> {
  const name = `verity_m_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: inject("pgUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(inject("pgUrl"));
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { before, migration } = migrationsUpTo("postgres");
    for (const sql of before) await client.query(sql);
    for (const [table, row] of OLD_ROWS) {
      const cols = Object.keys(row);
      await client.query(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")})`, cols.map((c) => row[c]));
    }
    await client.query(migration);
    return (await client.query(READ_BACK)).rows as Row[];
  } finally {
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe.each([
  ["sqlite", migrateSqlite],
  ["postgres", migratePostgres],
] as const)("the termination reason migration on %s", (_provider, migrate) => {
  it("fills the column from a UI-Venus framework episode's extra, and from nothing else", async () => {
    expect(await migrate()).toEqual([
      { id: "bare", terminationReason: null },
      { id: "other", terminationReason: null },
      { id: "venus", terminationReason: "repeat_loop" },
      { id: "venus-without", terminationReason: null },
    ]);
  });
});
