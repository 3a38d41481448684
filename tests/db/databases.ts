// Fresh, migrated databases for one test file: a copy of the SQLite template and a
// PostgreSQL database cloned from the template database. Every db test runs on both.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { createDb, type Db, type DbProvider } from "@/lib/db";

export type TestDatabase = { provider: DbProvider; url: string; db: Db };

export const PROVIDERS: DbProvider[] = ["sqlite", "postgres"];

const opened: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(opened.map((o) => o.close()));
});

export async function freshDatabase(provider: DbProvider): Promise<TestDatabase> {
  if (provider === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-sqlite-"));
    const file = path.join(dir, "test.db");
    copyFileSync(inject("sqliteTemplate"), file);
    const url = `file:${file}`;
    const db = createDb(url);
    opened.push({ close: async () => { await db.$disconnect(); rmSync(dir, { recursive: true, force: true }); } });
    return { provider, url, db };
  }
  const name = `verity_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: inject("pgUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
  await admin.end();
  const url = new URL(inject("pgUrl"));
  url.pathname = `/${name}`;
  const db = createDb(url.toString());
  opened.push({
    close: async () => {
      await db.$disconnect();
      const cleanup = new pg.Client({ connectionString: inject("pgUrl") });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  });
  return { provider, url: url.toString(), db };
}
