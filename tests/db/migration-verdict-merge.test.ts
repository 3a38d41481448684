// The migration that gave machine verdicts one identity (20261205092029) merges rows that
// earlier imports added beside each other into one verdict with revisions. A database of the
// previous schema, holding such duplicates with an override on the older row, is migrated by the
// shipped migration.sql files themselves (applied in order, as `prisma migrate deploy` would), on
// SQLite and PostgreSQL; the override must end on the merged verdict with the revision it was
// made on, and the verdict's current value must be the newest row's.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";

const MERGE_MIGRATION = "20261205092029_verdict_identity_and_verified_inputs";

function migrationsUpTo(provider: "sqlite" | "postgres", last: string): { before: string[]; merge: string } {
  const dir = path.join(process.cwd(), "prisma", provider, "migrations");
  const names = readdirSync(dir).filter((n) => /^\d{14}_/.test(n)).sort();
  expect(names).toContain(last);
  const sql = (n: string) => readFileSync(path.join(dir, n, "migration.sql"), "utf8");
  return { before: names.slice(0, names.indexOf(last)).map(sql), merge: sql(last) };
}

// Rows of the schema before the merge: one trajectory with three rows of the same rule
// verdict identity (the import added a row for each rationale), an override on the oldest, and
// a second identity (another judge) that must stay apart.
const OLD_ROWS: [string, Record<string, unknown>][] = [
  ["Project", { id: "p1", slug: "p1", name: "P", settings: "{}", updatedAt: "2026-12-01T00:00:00.000Z" }],
  ["User", { id: "u1", email: "r@example.com", name: "R", updatedAt: "2026-12-01T00:00:00.000Z" }],
  ["Trajectory", { id: "t1", projectId: "p1", goal: "g", sourceDataset: "d", sourceId: "s1", contentHash: "h", updatedAt: "2026-12-01T00:00:00.000Z" }],
  ["JudgeVerdict", { id: "v_old", projectId: "p1", targetType: "trajectory", trajectoryId: "t1", kind: "rule", judgeName: "checker", metric: "trace_success", valueBool: false, rationale: "v1 log", createdAt: "2026-12-01T01:00:00.000Z" }],
  ["JudgeVerdict", { id: "v_mid", projectId: "p1", targetType: "trajectory", trajectoryId: "t1", kind: "rule", judgeName: "checker", metric: "trace_success", valueBool: false, rationale: "v2 log", createdAt: "2026-12-01T02:00:00.000Z" }],
  ["JudgeVerdict", { id: "v_new", projectId: "p1", targetType: "trajectory", trajectoryId: "t1", kind: "rule", judgeName: "checker", metric: "trace_success", valueBool: true, rationale: "v3 log", createdAt: "2026-12-01T03:00:00.000Z" }],
  ["JudgeVerdict", { id: "v_judge", projectId: "p1", targetType: "trajectory", trajectoryId: "t1", kind: "mllm", judgeName: "gpt", metric: "trace_success", valueBool: true, createdAt: "2026-12-01T01:30:00.000Z" }],
  ["JudgeOverride", { id: "o1", verdictId: "v_old", userId: "u1", valueBool: true, reason: "the app did open", createdAt: "2026-12-01T01:10:00.000Z" }],
  ["JudgeOverride", { id: "o2", verdictId: "v_mid", userId: "u1", valueBool: true, reason: "still open", createdAt: "2026-12-01T02:10:00.000Z" }],
];

type Migrated = {
  verdicts: { id: string; revision: number; valueBool: boolean; rationale: string; identityKey: string }[];
  revisions: { verdictId: string; revision: number; valueBool: boolean; rationale: string }[];
  overrides: { id: string; verdictId: string; verdictRevision: number; status: string }[];
};

const READ_BACK = {
  verdicts: `SELECT "id", "revision", "valueBool", "rationale", "identityKey" FROM "JudgeVerdict" ORDER BY "id"`,
  revisions: `SELECT "verdictId", "revision", "valueBool", "rationale" FROM "JudgeVerdictRevision" ORDER BY "verdictId", "revision"`,
  overrides: `SELECT "id", "verdictId", "verdictRevision", "status" FROM "JudgeOverride" ORDER BY "id"`,
};

async function migrateSqlite(): Promise<Migrated> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-migrate-"));
  const db = new Database(path.join(dir, "old.db"));
  try {
    const { before, merge } = migrationsUpTo("sqlite", MERGE_MIGRATION);
    for (const sql of before) db.exec(sql);
    for (const [table, row] of OLD_ROWS) {
      const cols = Object.keys(row);
      const values = cols.map((c) => (typeof row[c] === "boolean" ? (row[c] ? 1 : 0) : row[c]));
      db.prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).run(...values);
    }
    db.exec(merge);
    const bool = <T extends { valueBool: unknown }>(r: T) => ({ ...r, valueBool: r.valueBool === 1 });
    return {
      verdicts: (db.prepare(READ_BACK.verdicts).all() as Migrated["verdicts"]).map(bool),
      revisions: (db.prepare(READ_BACK.revisions).all() as Migrated["revisions"]).map(bool),
      overrides: db.prepare(READ_BACK.overrides).all() as Migrated["overrides"],
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function migratePostgres(): Promise<Migrated> {
  const name = `verity_m_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: inject("pgUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(inject("pgUrl"));
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { before, merge } = migrationsUpTo("postgres", MERGE_MIGRATION);
    for (const sql of before) await client.query(sql);
    for (const [table, row] of OLD_ROWS) {
      const cols = Object.keys(row);
      await client.query(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")})`, cols.map((c) => row[c]));
    }
    await client.query(merge);
    return {
      verdicts: (await client.query(READ_BACK.verdicts)).rows,
      revisions: (await client.query(READ_BACK.revisions)).rows,
      overrides: (await client.query(READ_BACK.overrides)).rows,
    };
  } finally {
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe.each([
  ["sqlite", migrateSqlite],
  ["postgres", migratePostgres],
] as const)("the verdict identity migration on %s", (_provider, migrate) => {
  it("merges rows of one identity into revisions and keeps overrides on the revision they were made on", async () => {
    const m = await migrate();
    // The oldest row of the identity stays, holding the newest row's value; the other judge apart.
    expect(m.verdicts.map((v) => v.id)).toEqual(["v_judge", "v_old"]);
    const merged = m.verdicts.find((v) => v.id === "v_old")!;
    expect(merged).toMatchObject({ revision: 3, valueBool: true, rationale: "v3 log" });
    expect(merged.identityKey.split("\u001f")).toEqual(["trajectory", "t1", "rule", "checker", "", "trace_success", "bool"]);
    expect(m.verdicts.find((v) => v.id === "v_judge")).toMatchObject({ revision: 1, valueBool: true });
    expect(m.revisions.filter((r) => r.verdictId === "v_old")).toEqual([
      { verdictId: "v_old", revision: 1, valueBool: false, rationale: "v1 log" },
      { verdictId: "v_old", revision: 2, valueBool: false, rationale: "v2 log" },
      { verdictId: "v_old", revision: 3, valueBool: true, rationale: "v3 log" },
    ]);
    // Both overrides moved onto the merged verdict, each with the revision its row became.
    expect(m.overrides).toEqual([
      { id: "o1", verdictId: "v_old", verdictRevision: 1, status: "accepted" },
      { id: "o2", verdictId: "v_old", verdictRevision: 2, status: "accepted" },
    ]);
  });
});
