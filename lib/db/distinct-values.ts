import "server-only";
// The distinct values of one column within a project, for filter menus. SELECT DISTINCT (and
// Prisma's `distinct`, which deduplicates in memory after fetching every row) reads every row
// of the project: seconds at 1M items. This walks the (projectId, column) index instead, one
// seek per distinct value (a "loose index scan" written as a recursive query), so a menu of
// 40 apps costs 40 index lookups whatever the row count. Works the same on SQLite and
// PostgreSQL. Table and column come from the closed sets below, never from input.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";

const COLUMNS = {
  GroundingSample: ["sourceDataset", "platform", "app", "uiType"],
  Trajectory: ["benchmark", "app", "model", "terminationReason"],
  ModelPrediction: ["model"],
} as const;

type Table = keyof typeof COLUMNS;

export async function distinctValues<T extends Table>(db: Db, table: T, column: (typeof COLUMNS)[T][number], projectId: string, limit = 200): Promise<string[]> {
  if (!(COLUMNS[table] as readonly string[]).includes(column)) throw new Error(`no distinct menu for ${table}.${column}`);
  const [p1, p2] = providerOf(databaseUrlOf(db)) === "postgres" ? ["$1", "$2"] : ["?", "?"];
  const sql = `
    WITH RECURSIVE d(v) AS (
      SELECT MIN("${column}") FROM "${table}" WHERE "projectId" = ${p1}
      UNION ALL
      SELECT (SELECT MIN("${column}") FROM "${table}" WHERE "projectId" = ${p2} AND "${column}" > d.v) FROM d WHERE d.v IS NOT NULL
    )
    SELECT v FROM d WHERE v IS NOT NULL LIMIT ${Number(limit)}`;
  const rows = await db.$queryRawUnsafe<{ v: string }[]>(sql, projectId, projectId);
  return rows.map((r) => r.v);
}
