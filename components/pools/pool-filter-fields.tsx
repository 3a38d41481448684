"use client";
// The pool's selection in the form: only the filters its kind of items have (tiers and
// platforms are samples', benchmarks trajectories'), lists comma-separated, dates as days.
import { useT } from "@/components/i18n/i18n-provider";
import { filtersOfKind, TIER_FILTER_VALUES, type FilterKey, type PoolFilters } from "@/lib/pools/pool-filters";
import type { PlainKey } from "@/lib/i18n/translate";

const LABELS: Record<Exclude<FilterKey, "tier" | "verifiedFrom" | "verifiedTo">, PlainKey> = {
  source: "pools.filterField.source",
  benchmark: "pools.filterField.benchmark",
  app: "pools.filterField.app",
  platform: "pools.filterField.platform",
  model: "pools.filterField.model",
};

const INPUT = "mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-base font-normal text-slate-900";

export function PoolFilterFields({ kind, filters }: { kind: string; filters: PoolFilters | undefined }) {
  const t = useT();
  const allowed = filtersOfKind(kind);
  const lists = (["source", "benchmark", "app", "platform", "model"] as const).filter((k) => allowed.includes(k));
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("pools.filterLegend")}</legend>
      <div className="flex flex-wrap items-end gap-4">
        {allowed.includes("tier") && (
          <div className="text-sm text-slate-700">
            <span className="font-medium">{t("pools.filterField.tier")}</span>
            <div className="mt-1 flex gap-3">
              {TIER_FILTER_VALUES.map((tier) => (
                <label key={tier} className="flex items-center gap-1">
                  <input type="checkbox" name="filter.tier" value={tier} defaultChecked={filters?.tier?.includes(tier) ?? false} /> {tier === "unscored" ? t("quality.unscored") : tier}
                </label>
              ))}
            </div>
            {filters?.tier && !filters.tier.includes("discard") && <p className="mt-1 text-xs text-slate-600">{t("pools.filterField.discardLeftOut")}</p>}
          </div>
        )}
        {lists.map((key) => (
          <label key={key} className="flex flex-col text-sm font-medium text-slate-700">
            {t(LABELS[key])}
            <input name={`filter.${key}`} defaultValue={filters?.[key]?.join(", ") ?? ""} placeholder={t("pools.filterPlaceholder")} maxLength={2000} className={`${INPUT} w-48`} />
          </label>
        ))}
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t("pools.filterField.verifiedFrom")}
          <input type="date" name="filter.verifiedFrom" defaultValue={filters?.verifiedFrom ?? ""} className={INPUT} />
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t("pools.filterField.verifiedTo")}
          <input type="date" name="filter.verifiedTo" defaultValue={filters?.verifiedTo ?? ""} className={INPUT} />
        </label>
      </div>
    </fieldset>
  );
}
