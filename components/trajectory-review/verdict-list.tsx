// Judge and rule verdicts of the trajectory or of one step: the value, the effective value
// after overrides, the rationale and raw output, and who overrode it and why.
"use client";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { VerdictOverrideForm } from "@/components/trajectory-review/verdict-override-form";
import { formatNumber } from "@/lib/i18n/format";
import { VerdictChangeNotice } from "@/components/verdicts/verdict-change-notice";
import { OverrideHistory, VerdictRevisions } from "@/components/verdicts/verdict-history";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";
import { yesNoWord } from "@/components/verdicts/verdict-words";

type Props = { title: string; projectId: string; verdicts: VerdictView[]; canOverride: boolean; empty: string };

function show(t: Translate, locale: Locale, metric: string, value: VerdictView["value"]): string {
  if (value === null) return "—";
  if (typeof value === "boolean") return yesNoWord(t, metric, value);
  return `${formatNumber(locale, value)}/10`;
}

function tone(value: VerdictView["value"]): string {
  if (value === true) return "bg-emerald-100 text-emerald-900";
  if (value === false) return "bg-red-100 text-red-900";
  return "bg-slate-100 text-slate-900";
}

export function VerdictList({ title, projectId, verdicts, canOverride, empty }: Props) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      {verdicts.length === 0 && <p className="text-sm text-slate-500">{empty}</p>}
      {verdicts.map((v) => (
        <article key={v.id} className="rounded-md border border-slate-200 bg-white p-2 text-sm" data-testid={`verdict-${v.judgeName}`}>
          <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="rounded bg-slate-800 px-1.5 text-xs font-medium text-white">{v.kind === "rule" ? t("trajectory.verdicts.rule") : t("trajectory.verdicts.judge")}</span>
            <span className="font-medium">{v.judgeName}</span>
            {v.promptVersion && <span className="text-xs text-slate-500">{v.promptVersion}</span>}
            <span className="text-xs text-slate-500">{v.metric.replace(/_/g, " ")}</span>
            <span className={`ml-auto rounded px-1.5 text-xs font-semibold ${tone(v.effective)}`} title={t("trajectory.verdicts.effectiveWhy")}>
              {show(t, locale, v.metric, v.effective)}
            </span>
          </header>
          {v.effective !== v.value && <p className="text-xs text-slate-600">{t("trajectory.verdicts.wasOverridden", { value: show(t, locale, v.metric, v.value) })}</p>}
          {v.rationale && <p className="mt-1 text-xs whitespace-pre-wrap text-slate-700">{v.rationale}</p>}
          {v.rawOutput && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-blue-800">{t("trajectory.verdicts.judgeOutput")}</summary>
              <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">{v.rawOutput}</pre>
            </details>
          )}
          <VerdictChangeNotice projectId={projectId} verdict={v} canDecide={canOverride} show={(value) => show(t, locale, v.metric, value)} />
          <VerdictRevisions verdict={v} show={(value) => show(t, locale, v.metric, value)} />
          <OverrideHistory verdict={v} show={(value) => show(t, locale, v.metric, value)} />
          {canOverride && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs font-medium text-blue-800">{t("trajectory.verdicts.overrideOpen")}</summary>
              <VerdictOverrideForm projectId={projectId} verdict={v} />
            </details>
          )}
        </article>
      ))}
    </section>
  );
}
