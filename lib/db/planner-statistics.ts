import "server-only";
// SQLite chooses indexes from statistics that only ANALYZE gathers. After a large import they
// are missing or stale, and the planner can then walk the wrong index (the filter menus went
// from 10 ms to 500 ms at 200k samples, and list pages took seconds at 1M, in
// bench/lists-bench.ts). `PRAGMA optimize` re-analyzes only the tables whose size changed a
// lot, as SQLite advises after big changes (0x10002: look at every table, not only those this
// connection used). No analysis_limit: sampled statistics estimated 1,001 rows per project
// for a project of 1M and led the planner to sort every row. The full pass costs about 5 s
// per million rows and runs inside the import job, not a request. PostgreSQL's autovacuum
// keeps its own statistics.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";

export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (providerOf(databaseUrlOf(db)) !== "sqlite") return;
  await db.$queryRawUnsafe("PRAGMA analysis_limit = 0");
  await db.$queryRawUnsafe("PRAGMA optimize = 0x10002");
}
