// Applies the migrations of the configured provider with the Prisma CLI (JS schema engine).
// Used by `npm start`, the test tiers and `npm run verity -- migrate`.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const root = path.resolve(__dirname, "../..");

export function applyMigrations(databaseUrl: string): void {
  const isPostgres = /^postgres(ql)?:\/\//.test(databaseUrl);
  if (!isPostgres) {
    const file = databaseUrl.replace(/^file:/, "");
    mkdirSync(path.dirname(file), { recursive: true });
    // WAL lets readers work while one writer writes; it is a property of the file.
    const sqlite = new Database(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.close();
  }
  const config = path.join(root, "prisma", isPostgres ? "postgres.config.ts" : "sqlite.config.ts");
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy", "--config", config], {
    env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
}
