import type { JudgeAgreement } from "@/lib/dashboard/judge-vs-human";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";

const OUTCOMES = ["success", "failure"] as const;

// Kappa reads as chance-corrected agreement; below 2 pairs it is not defined.
function kappaText(t: Translate, locale: Locale, kappa: number | null): string {
  return kappa === null ? t("charts.kappaFewPairs") : formatNumber(locale, Number(kappa.toFixed(2)), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function JudgeTable({ t, locale, judge }: { t: Translate; locale: Locale; judge: JudgeAgreement }) {
  return (
    <table className="text-sm" aria-label={t("charts.confusionAgainstHuman", { judge: judge.judgeName })}>
      <caption className="mb-1 text-left">
        <span className="font-medium">{judge.judgeName}</span>
        <span className="ml-2 text-slate-600">
          κ = <span className="tabular-nums">{kappaText(t, locale, judge.kappa)}</span> · {t("charts.pairs", { pairs: judge.pairs })}
        </span>
      </caption>
      <thead>
        <tr>
          <th className="p-1.5" />
          <th colSpan={2} className="p-1.5 text-center font-normal text-slate-600">{t("charts.humanVerified")}</th>
        </tr>
        <tr>
          <th className="p-1.5 text-left font-normal text-slate-600">{t("charts.judge")}</th>
          {OUTCOMES.map((o) => <th key={o} className="w-20 p-1.5 text-center font-medium">{t(`verdict.${o}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {OUTCOMES.map((judgeSays, r) => (
          <tr key={judgeSays}>
            <th className="p-1.5 text-left font-medium">{t(`verdict.${judgeSays}`)}</th>
            {OUTCOMES.map((humanSays, c) => (
              <td key={humanSays} className={`border border-slate-200 p-1.5 text-center tabular-nums ${r === c ? "bg-emerald-50" : "bg-rose-50"}`}>
                {judge.matrix[r]?.[c] ?? 0}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export async function JudgeConfusionTable({ judges }: { judges: JudgeAgreement[] }) {
  const { t, locale } = await getT();
  return (
    <div className="flex flex-wrap gap-8">
      {judges.map((j) => <JudgeTable key={j.judgeName} t={t} locale={locale} judge={j} />)}
    </div>
  );
}
