import path from "node:path";
import { defineConfig } from "vitest/config";

// Two tiers in one config: `unit` is pure logic, `db` talks to real SQLite and PostgreSQL.
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty-module.ts"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Not vitest's 5 s default: on a loaded 2-core machine (CI's load average reaches 10+)
        // the pickle-bomb and zip-ratio tests took longer than that and failed for nothing.
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["tests/db/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ["tests/db/global-setup.ts"],
        },
      },
    ],
  },
});
