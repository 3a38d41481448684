// Each annotator's honeypot accuracy as "name correct/total (percent)", for admins.
import { formatPercent } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { HoneypotAccuracy } from "@/lib/queues/honeypot-accuracy";

export async function HoneypotAccuracyList({ accuracy, label }: { accuracy: HoneypotAccuracy[]; label: string }) {
  const { t, locale } = await getT();
  if (accuracy.length === 0) return <span className="text-slate-500">{t("honeypots.noneAnswered")}</span>;
  return (
    <ul className="inline-flex flex-wrap gap-x-3 gap-y-1" aria-label={label}>
      {accuracy.map((a) => {
        const share = a.correct / a.total;
        const tone = share >= 0.8 ? "text-emerald-800" : share >= 0.5 ? "text-amber-800" : "text-red-800";
        return (
          <li key={a.userId}>
            {a.name} <span className={`font-medium tabular-nums ${tone}`}>{t("honeypots.correctOfTotal", { correct: a.correct, total: a.total, percent: formatPercent(locale, share) })}</span>
          </li>
        );
      })}
    </ul>
  );
}
