// A GRPO group before and after this rollout's outcome flips: every rollout's reward and
// advantage, so the reviewer sees what the decision moves (the impact is the sum of |change|).
"use client";
import Link from "next/link";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { outcomeLabel } from "@/components/triage/triage-labels";
import { Frame } from "@/components/ui/frame";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { GroupFlip } from "@/lib/triage/candidate-types";

// Three decimals, a true minus sign, and 0.000 for what rounds to nothing.
const three = (locale: Locale, v: number) => formatNumber(locale, Math.abs(v), { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const fmt = (locale: Locale, v: number) => (Math.abs(v) < 5e-7 ? three(locale, 0) : `${v < 0 ? "−" : ""}${three(locale, v)}`);
const signed = (locale: Locale, v: number) => (Math.abs(v) < 5e-7 ? three(locale, 0) : `${v > 0 ? "+" : "−"}${three(locale, v)}`);

export function GroupFlipTable({ slug, group, trajectoryId, impact }: { slug: string; group: GroupFlip; trajectoryId: string; impact: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-label={t("triageGroup.label")} className="rounded-lg border border-slate-200 bg-white p-3">
      <h2 className="text-sm font-semibold">
        <Frame locale={locale} message="triageGroup.title" values={{
          group: <Link href={`/projects/${slug}/groups/${encodeURIComponent(group.groupKey)}`} className="text-blue-700 hover:underline">{group.groupKey}</Link>,
        }} />
      </h2>
      <p className="mb-2 text-xs text-slate-600">
        <Frame locale={locale} message="triageGroup.sum" values={{ count: formatNumber(locale, group.rollouts.length), impact: <b className="tabular-nums">{three(locale, impact)}</b> }} />
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm tabular-nums">
          <thead className="text-left text-xs text-slate-600">
            <tr>
              <th className="p-1">{t("triageGroup.rollout")}</th>
              <th className="p-1">{t("triageGroup.countsAs")}</th>
              <th className="p-1 text-right">{t("triageGroup.reward")}</th>
              <th className="p-1 text-right">{t("triageGroup.advantageNow")}</th>
              <th className="p-1 text-right">{t("triageGroup.afterFlip")}</th>
              <th className="p-1 text-right">ΔA</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {group.rollouts.map((r, i) => {
              const isThis = r.id === trajectoryId;
              return (
                <tr key={r.id} className={isThis ? "bg-amber-50 font-medium" : ""} data-testid={isThis ? "flipped-rollout" : undefined}>
                  <td className="p-1">
                    <Link href={`/projects/${slug}/trajectories/${r.id}`} className="text-blue-700 hover:underline">#{i + 1}</Link>
                    {isThis && <span className="ml-1 text-xs text-amber-800">{t("triageGroup.thisOne")}</span>}
                  </td>
                  <td className="p-1">{outcomeLabel(t, r.success)}{isThis && ` → ${outcomeLabel(t, !r.success)}`}</td>
                  <td className="p-1 text-right">{fmt(locale, r.rewardBefore)}{r.rewardAfter !== r.rewardBefore && ` → ${fmt(locale, r.rewardAfter)}`}</td>
                  <td className="p-1 text-right">{fmt(locale, r.advantageBefore)}</td>
                  <td className="p-1 text-right">{fmt(locale, r.advantageAfter)}</td>
                  <td className="p-1 text-right">{signed(locale, r.advantageAfter - r.advantageBefore)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
