// Prisma CLI config for the SQLite schema: the JS schema engine through the better-sqlite3
// adapter, so nothing native is downloaded. The CLI is always called by scripts that set
// DATABASE_URL (see lib/db-url.ts), which is why this file reads it directly.
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "sqlite/schema.prisma",
  migrations: { path: "sqlite/migrations" },
  adapter: async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL must be set for the Prisma CLI (a file: URL)");
    return new PrismaBetterSQLite3({ url });
  },
});
