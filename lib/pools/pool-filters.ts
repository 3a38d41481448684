// Which verified items a pool selects: by the tier of the effective quality score, source
// dataset, benchmark, app, platform, model and the date the final answer was pinned. Each
// filter is a list of accepted values (any of them matches); dates are whole UTC days,
// `verifiedFrom` included and `verifiedTo` included. Samples have tiers and platforms,
// trajectories have benchmarks; a filter the pool's items do not have is refused, not ignored.
// Pure: the form, the CLI (`--filter key=value[,value]`) and the API share these rules; the
// SQL is lib/exports/read/pool-filter-sql.ts.
import { z } from "zod";

export const TIER_FILTER_VALUES = ["gold", "rewrite", "discard", "unscored"] as const;

const Value = z.string().trim().min(1).max(200);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD").refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "must be a real date");

export const PoolFiltersSchema = z
  .object({
    tier: z.array(z.enum(TIER_FILTER_VALUES)).min(1).max(4).optional(),
    source: z.array(Value).min(1).max(50).optional(),
    benchmark: z.array(Value).min(1).max(50).optional(),
    app: z.array(Value).min(1).max(50).optional(),
    platform: z.array(Value).min(1).max(50).optional(),
    model: z.array(Value).min(1).max(50).optional(),
    verifiedFrom: Day.optional(),
    verifiedTo: Day.optional(),
  })
  .strict();
export type PoolFilters = z.infer<typeof PoolFiltersSchema>;
export type FilterKey = keyof PoolFilters;
export const FILTER_KEYS = ["tier", "source", "benchmark", "app", "platform", "model", "verifiedFrom", "verifiedTo"] as const satisfies readonly FilterKey[];

const SAMPLE_FILTERS: readonly FilterKey[] = ["tier", "source", "app", "platform", "model", "verifiedFrom", "verifiedTo"];
const TRAJECTORY_FILTERS: readonly FilterKey[] = ["source", "benchmark", "app", "model", "verifiedFrom", "verifiedTo"];

export function filtersOfKind(kind: string): readonly FilterKey[] {
  if (kind === "grounding" || kind === "mid_training") return SAMPLE_FILTERS;
  if (kind === "navigation" || kind === "online_rl") return TRAJECTORY_FILTERS;
  return [];
}

/** The first filter this kind of pool cannot apply, with why. */
export function filterProblem(kind: string, filters: PoolFilters): { key: string; message: string } | null {
  const allowed = filtersOfKind(kind);
  for (const key of Object.keys(filters) as FilterKey[]) {
    if (filters[key] === undefined) continue;
    if (!allowed.includes(key)) {
      return { key, message: allowed.length === 0 ? "evaluation tables take whole runs; choose a run instead" : `does not apply to a ${kind} pool (its items have ${allowed.join(", ")})` };
    }
  }
  if (filters.verifiedFrom && filters.verifiedTo && filters.verifiedFrom > filters.verifiedTo) return { key: "verifiedTo", message: "must not be before verifiedFrom" };
  return null;
}

/** `key=value[,value]` pairs (the CLI's --filter) as filters, validated; throws naming the bad pair. */
export function parseFilterArgs(pairs: readonly string[]): PoolFilters {
  const raw: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new z.ZodError([{ code: "custom", path: ["filters"], message: `--filter ${pair}: expected key=value` }]);
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (!(FILTER_KEYS as readonly string[]).includes(key)) {
      throw new z.ZodError([{ code: "custom", path: ["filters", key], message: `--filter ${pair}: unknown filter ${key} (one of ${FILTER_KEYS.join(", ")})` }]);
    }
    raw[key] = key === "verifiedFrom" || key === "verifiedTo" ? value : value.split(",").map((v) => v.trim()).filter(Boolean);
  }
  return PoolFiltersSchema.parse(raw);
}

/** One line per filter, for the pool card and the snapshot README. */
export function describeFilters(filters: PoolFilters | undefined): string[] {
  if (!filters) return [];
  return FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    if (value === undefined) return [];
    return [`${key}: ${Array.isArray(value) ? value.join(", ") : value}`];
  });
}
