// A PostgreSQL server for the PostgreSQL bench suites and the load test: VERITY_TEST_PG_URL's
// server when it is set, or a throwaway cluster of our own (scripts/pg-throwaway.mjs) stopped by
// close(). Each call of freshDatabase() makes a new, migrated database on it, and copyDatabase()
// a copy of one (the load test's bare reference works on a copy of the seeded database); each
// is dropped by its drop().
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { applyMigrations } from "@/lib/db/migrate";

export type BenchDatabase = { name: string; url: string; drop: () => Promise<void> };
export type BenchPostgres = {
  freshDatabase: (label: string) => Promise<BenchDatabase>;
  /** CREATE DATABASE … TEMPLATE: nothing may be connected to `from` while it runs. */
  copyDatabase: (from: BenchDatabase, label: string) => Promise<BenchDatabase>;
  close: () => Promise<void>;
};

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function startBenchPostgres(): Promise<BenchPostgres> {
  let serverUrl = process.env.VERITY_TEST_PG_URL;
  let stopCluster: (() => void) | null = null;
  if (!serverUrl) {
    const throwaway = (await import(path.resolve(import.meta.dirname, "../scripts/pg-throwaway.mjs"))) as { startThrowawayPostgres: () => Promise<{ url: string; stop: () => void }> };
    const cluster = await throwaway.startThrowawayPostgres();
    serverUrl = cluster.url;
    stopCluster = cluster.stop;
  }
  const server = serverUrl;
  const database = (name: string): BenchDatabase => {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      name,
      url: url.toString(),
      // Not WITH (FORCE): killing a pool's idle connection under it crashes the process
      // (as bench/queue-bench.ts found); pools close their idle connections within seconds.
      drop: () =>
        onServer(server, async (c) => {
          for (let attempt = 0; ; attempt++) {
            try {
              await c.query(`DROP DATABASE IF EXISTS ${name}`);
              return;
            } catch (error) {
              if (attempt >= 60) throw error;
              await new Promise((resolve) => setTimeout(resolve, 500));
            }
          }
        }),
    };
  };
  const newName = (label: string) => `verity_bench_${label}_${randomBytes(4).toString("hex")}`;
  return {
    freshDatabase: async (label) => {
      const made = database(newName(label));
      await onServer(server, (c) => c.query(`CREATE DATABASE ${made.name}`));
      applyMigrations(made.url);
      return made;
    },
    copyDatabase: async (from, label) => {
      const made = database(newName(label));
      await onServer(server, (c) => c.query(`CREATE DATABASE ${made.name} TEMPLATE ${from.name}`));
      return made;
    },
    close: async () => stopCluster?.(),
  };
}

/** The providers a suite runs on, from its environment variable (default both); an unknown name is refused, not skipped. */
export function benchProviders(variable: string): ("sqlite" | "postgres")[] {
  const names = (process.env[variable] ?? "sqlite,postgres").split(",").map((p) => p.trim());
  for (const name of names) if (name !== "sqlite" && name !== "postgres") throw new Error(`${variable}: unknown provider ${name} (sqlite, postgres)`);
  return names as ("sqlite" | "postgres")[];
}
