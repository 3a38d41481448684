import { STATUS_COLORS } from "@/components/dashboard/palette";
import { REVIEW_STATUSES, type StatusCounts } from "@/lib/dashboard/review-progress";
import { formatPercent } from "@/lib/i18n/format";
import { itemStateLabel } from "@/lib/i18n/labels";
import type { Locale } from "@/lib/i18n/locales";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";

// Plain HTML stacked bars: they need no measuring, so they render on the server as they are.
function StatusBar({ t, locale, title, counts }: { t: Translate; locale: Locale; title: string; counts: StatusCounts }) {
  const done = counts.counts.verified + counts.counts.rejected;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium">{title}</span>
        <span className="tabular-nums text-slate-600">
          {counts.total === 0 ? t("dashboard.noneYet") : t("dashboard.settled", { done, total: counts.total, percent: formatPercent(locale, done / counts.total) })}
        </span>
      </div>
      <div className="flex h-4 w-full overflow-hidden rounded bg-slate-100" role="img" aria-label={t("dashboard.byStatus", { title })}>
        {counts.total > 0 &&
          REVIEW_STATUSES.map((s) =>
            counts.counts[s] > 0 ? (
              <div key={s} className={STATUS_COLORS[s]} style={{ width: `${(counts.counts[s] / counts.total) * 100}%` }} title={`${itemStateLabel(t, s)}: ${counts.counts[s]}`} />
            ) : null,
          )}
      </div>
      <ul className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-600">
        {REVIEW_STATUSES.map((s) => (
          <li key={s} className="flex items-center gap-1">
            <span className={`inline-block h-2 w-2 rounded-sm ${STATUS_COLORS[s]}`} />
            {itemStateLabel(t, s)} <span className="tabular-nums">{counts.counts[s]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export async function StatusBars({ samples, trajectories }: { samples: StatusCounts; trajectories: StatusCounts }) {
  const { t, locale } = await getT();
  return (
    <div className="space-y-4">
      <StatusBar t={t} locale={locale} title={t("samples.title")} counts={samples} />
      <StatusBar t={t} locale={locale} title={t("project.trajectories")} counts={trajectories} />
    </div>
  );
}
