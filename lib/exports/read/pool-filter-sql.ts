import "server-only";
// A pool's filters (lib/pools/pool-filters.ts) as SQL conditions on the stored columns of
// samples (alias s) or trajectories (alias t): the tier is the stored qualityTier (never
// recomputed from the score), a sample's model is a model with a prediction on it, and the
// verification dates bound verifiedAt by whole UTC days.
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { PoolFilters } from "@/lib/pools/pool-filters";
import { placeholders } from "@/lib/db/sql-reader";

const DAY_MS = 86_400_000;

function inList(column: string, values: readonly string[] | undefined, params: unknown[]): string {
  if (!values || values.length === 0) return "";
  params.push(...values);
  return ` AND ${column} IN (${placeholders(values.length)})`;
}

function dates(alias: string, filters: PoolFilters, params: unknown[]): string {
  let sql = "";
  if (filters.verifiedFrom) {
    sql += ` AND ${alias}."verifiedAt" >= ?`;
    params.push(new Date(`${filters.verifiedFrom}T00:00:00Z`));
  }
  if (filters.verifiedTo) {
    sql += ` AND ${alias}."verifiedAt" < ?`;
    params.push(new Date(Date.parse(`${filters.verifiedTo}T00:00:00Z`) + DAY_MS));
  }
  return sql;
}

export function sampleFilterSql(filters: PoolFilters | undefined, params: unknown[]): string {
  if (!filters) return "";
  let sql = "";
  if (filters.tier) {
    const tiers = filters.tier.filter((t) => t !== "unscored");
    const parts: string[] = [];
    if (tiers.length > 0) {
      parts.push(`s."qualityTier" IN (${placeholders(tiers.length)})`);
      params.push(...tiers);
    }
    if (filters.tier.includes("unscored")) parts.push(`s."qualityTier" IS NULL`);
    sql += ` AND (${parts.join(" OR ")})`;
  }
  sql += inList(`s."sourceDataset"`, filters.source, params);
  sql += inList(`s."app"`, filters.app, params);
  sql += inList(`s."platform"`, filters.platform, params);
  if (filters.model?.length) {
    sql += ` AND EXISTS (SELECT 1 FROM "ModelPrediction" p WHERE p."sampleId" = s."id" AND p."model" IN (${placeholders(filters.model.length)}))`;
    params.push(...filters.model);
  }
  return sql + dates("s", filters, params);
}

export function trajectoryFilterSql(filters: PoolFilters | undefined, params: unknown[]): string {
  if (!filters) return "";
  let sql = "";
  sql += inList(`t."sourceDataset"`, filters.source, params);
  sql += inList(`t."benchmark"`, filters.benchmark, params);
  sql += inList(`t."app"`, filters.app, params);
  sql += inList(`t."model"`, filters.model, params);
  return sql + dates("t", filters, params);
}
