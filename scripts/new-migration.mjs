// Creates the next migration for both providers from the one model source:
//   npm run db:migration -- <name>
// `prisma migrate dev` needs a shadow database the JS schema engine cannot provide, so the
// migration is the schema-to-schema diff between the last migrated schema (kept beside the
// migrations as migrated.prisma) and the current one.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startThrowawayPostgres } from "./pg-throwaway.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}
execFileSync("node", [path.join(root, "scripts/prisma-schemas.mjs")], { stdio: "inherit" });

const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
// The PostgreSQL schema engine connects even for a schema-to-schema diff; a throwaway
// cluster serves it when no test database is given.
const pg = process.env.VERITY_TEST_PG_URL ? null : await startThrowawayPostgres();
const urls = { sqlite: "file:/dev/null", postgres: process.env.VERITY_TEST_PG_URL ?? pg.url };
try {

for (const provider of ["sqlite", "postgres"]) {
  const dir = path.join(root, "prisma", provider);
  const schema = path.join(dir, "schema.prisma");
  const migrated = path.join(dir, "migrations", "migrated.prisma");
  const from = existsSync(migrated) ? ["--from-schema-datamodel", migrated] : ["--from-empty"];
  const sql = execFileSync(
    path.join(root, "node_modules/.bin/prisma"),
    ["migrate", "diff", "--config", path.join(root, `prisma/${provider}.config.ts`), ...from,
      "--to-schema-datamodel", schema, "--script"],
    { env: { ...process.env, CHECKPOINT_DISABLE: "1", DATABASE_URL: urls[provider] }, encoding: "utf8" },
  );
  if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
    console.log(`${provider}: no change`);
    continue;
  }
  const target = path.join(dir, "migrations", `${stamp}_${name}`);
  mkdirSync(target, { recursive: true });
  writeFileSync(path.join(target, "migration.sql"), sql);
  const lock = path.join(dir, "migrations", "migration_lock.toml");
  const providerName = provider === "postgres" ? "postgresql" : "sqlite";
  writeFileSync(lock, `# Written by scripts/new-migration.mjs\nprovider = "${providerName}"\n`);
  copyFileSync(schema, migrated);
  console.log(`${provider}: wrote ${path.relative(root, target)}/migration.sql`);
}
} finally {
  pg?.stop();
}
