// Migrates one template database per provider once per run; every test file then gets
// fresh copies (tests/db/databases.ts), so files run in parallel without sharing rows.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/db/migrate";

const TEMPLATE_DB = "verity_template";

export default async function setup(project: TestProject) {
  const pgUrl = process.env.VERITY_TEST_PG_URL;
  if (!pgUrl) {
    throw new Error("VERITY_TEST_PG_URL is not set: run `npm test` (it starts a throwaway PostgreSQL) or point it at a disposable server");
  }
  const host = new URL(pgUrl).hostname;
  if (host !== "127.0.0.1" && host !== "localhost" && host !== "::1") {
    throw new Error(`VERITY_TEST_PG_URL must point at a local throwaway server, not ${host}`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-dbtest-"));
  const sqliteTemplate = path.join(dir, "template.db");
  applyMigrations(`file:${sqliteTemplate}`);

  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(pgUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  applyMigrations(templateUrl.toString());

  project.provide("sqliteTemplate", sqliteTemplate);
  project.provide("pgUrl", pgUrl);
  project.provide("pgTemplate", TEMPLATE_DB);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    sqliteTemplate: string;
    pgUrl: string;
    pgTemplate: string;
  }
}
