"use client";
// The pool's selection in the form: only the filters its kind of items have (tiers and
// platforms are samples', benchmarks trajectories'), lists comma-separated, dates as days.
import { filtersOfKind, TIER_FILTER_VALUES, type FilterKey, type PoolFilters } from "@/lib/pools/pool-filters";

const LABELS: Record<Exclude<FilterKey, "tier" | "verifiedFrom" | "verifiedTo">, string> = {
  source: "Source datasets",
  benchmark: "Benchmarks",
  app: "Apps",
  platform: "Platforms",
  model: "Models",
};

const INPUT = "mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-base font-normal text-slate-900";

export function PoolFilterFields({ kind, filters }: { kind: string; filters: PoolFilters | undefined }) {
  const allowed = filtersOfKind(kind);
  const lists = (["source", "benchmark", "app", "platform", "model"] as const).filter((k) => allowed.includes(k));
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Select verified items (empty: all)</legend>
      <div className="flex flex-wrap items-end gap-4">
        {allowed.includes("tier") && (
          <div className="text-sm text-slate-700">
            <span className="font-medium">Tiers</span>
            <div className="mt-1 flex gap-3">
              {TIER_FILTER_VALUES.map((t) => (
                <label key={t} className="flex items-center gap-1">
                  <input type="checkbox" name="filter.tier" value={t} defaultChecked={filters?.tier?.includes(t) ?? false} /> {t}
                </label>
              ))}
            </div>
          </div>
        )}
        {lists.map((key) => (
          <label key={key} className="flex flex-col text-sm font-medium text-slate-700">
            {LABELS[key]}
            <input name={`filter.${key}`} defaultValue={filters?.[key]?.join(", ") ?? ""} placeholder="any; comma-separated" maxLength={2000} className={`${INPUT} w-48`} />
          </label>
        ))}
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Verified from
          <input type="date" name="filter.verifiedFrom" defaultValue={filters?.verifiedFrom ?? ""} className={INPUT} />
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Verified to
          <input type="date" name="filter.verifiedTo" defaultValue={filters?.verifiedTo ?? ""} className={INPUT} />
        </label>
      </div>
    </fieldset>
  );
}
