import "server-only";
// How many items a pool's export walks through (the progress bar's total), with the same
// conditions as its reads: verified up to the snapshot's moment, within the pool's filters.
import type { ExportContext } from "@/lib/exports/build/export-context";
import { sampleFilterSql, trajectoryFilterSql } from "@/lib/exports/read/pool-filter-sql";

async function countWhere(ctx: ExportContext, table: "GroundingSample" | "Trajectory", extra: (params: unknown[]) => string): Promise<number> {
  const alias = table === "GroundingSample" ? "s" : "t";
  const params: unknown[] = [ctx.projectId, ctx.until];
  const sql = `SELECT COUNT(*) AS "n" FROM "${table}" ${alias} WHERE ${alias}."projectId" = ? AND ${alias}."status" = 'verified' AND ${alias}."verifiedAt" <= ?${extra(params)}`;
  const rows = await ctx.reader.all<{ n: unknown }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

export const countPoolSamples = (ctx: ExportContext, extraSql = "") => countWhere(ctx, "GroundingSample", (p) => sampleFilterSql(ctx.filters, p) + extraSql);
export const countPoolTrajectories = (ctx: ExportContext) => countWhere(ctx, "Trajectory", (p) => trajectoryFilterSql(ctx.filters, p));
