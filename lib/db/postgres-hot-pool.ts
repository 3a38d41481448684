import "server-only";
// The hot path's own PostgreSQL connections (claim, save, submit, the session's reads), beside
// Prisma's pool: a raw query through Prisma runs its query engine for every statement, which
// on the load test cost more CPU than the statements themselves (bench/load-results.md). These
// run the same SQL on node-postgres directly, values converted as Prisma converts them
// (lib/db/sql-exec.ts pgExec). A pool of its own, not Prisma's, so a Prisma read made
// while a hot-path transaction holds one of these never waits for a connection that
// transaction holds. Made on first use, ended with the client ($disconnect).
import pg from "pg";

export const HOT_POOL_SIZE = 10;

export function openHotPool(url: string): pg.Pool {
  // allowExitOnIdle: a CLI or test process is not kept alive by idle connections.
  const pool = new pg.Pool({ connectionString: url, max: HOT_POOL_SIZE, connectionTimeoutMillis: 30_000, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  // A connection the server ends while idle (a restart, DROP DATABASE … WITH (FORCE)) must not
  // crash the process; the next query opens a new one.
  pool.on("error", () => undefined);
  return pool;
}
