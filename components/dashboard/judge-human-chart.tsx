"use client";
// Judge vs human as stacked bars, one per judge, app or benchmark: the four cells of the
// confusion matrix (agreements in green shades, the judge's false positives and false
// negatives in red shades), with Cohen's kappa beside each name.
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import type { AgreementDimension, HumanAgreement } from "@/lib/dashboard/judge-vs-human";
import { formatNumber } from "@/lib/i18n/format";
import type { PlainKey } from "@/lib/i18n/translate";

const TABS: Record<AgreementDimension, PlainKey> = { judge: "charts.byJudge", app: "charts.byApp", benchmark: "charts.byBenchmark" };
const FIGURES: Record<AgreementDimension, PlainKey> = { judge: "charts.judgeHumanByJudge", app: "charts.judgeHumanByApp", benchmark: "charts.judgeHumanByBenchmark" };

export function JudgeHumanChart({ breakdowns }: { breakdowns: Record<AgreementDimension, HumanAgreement[]> }) {
  const t = useT();
  const locale = useLocale();
  const kappaText = (k: number | null) => (k === null ? t("charts.kappaNa") : `κ ${formatNumber(locale, Number(k.toFixed(2)), { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  const [dimension, setDimension] = useState<AgreementDimension>("judge");
  const rows = breakdowns[dimension];
  const data = rows.map((r) => ({
    key: `${r.key} (${kappaText(r.kappa)})`,
    ss: r.matrix[0][0],
    sf: r.matrix[0][1],
    fs: r.matrix[1][0],
    ff: r.matrix[1][1],
  }));
  return (
    <div className="space-y-2">
      <div role="tablist" aria-label={t("charts.breakDownBy")} className="flex gap-1">
        {(Object.keys(TABS) as AgreementDimension[]).map((d) => (
          <button key={d} type="button" role="tab" aria-selected={d === dimension} onClick={() => setDimension(d)}
            className={`rounded-md border px-2 py-0.5 text-xs ${d === dimension ? "border-slate-800 bg-slate-800 text-white" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}>
            {t(TABS[d])}
          </button>
        ))}
      </div>
      <ChartBox label={t(FIGURES[dimension])} height={Math.max(160, 60 + rows.length * 36)}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 12, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} domain={[0, "dataMax"]} tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="key" width={180} tick={{ fontSize: 11 }} />
            <Tooltip />
            {/* Legend text in one dark colour: the light series colours are too faint to read as text. */}
            <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span className="text-slate-700">{value}</span>} />
            <Bar dataKey="ss" stackId="m" name={t("charts.bothSuccess")} fill="#059669" isAnimationActive={false} />
            <Bar dataKey="ff" stackId="m" name={t("charts.bothFailure")} fill="#6ee7b7" isAnimationActive={false} />
            <Bar dataKey="sf" stackId="m" name={t("charts.judgeSuccessHumanFailure")} fill="#dc2626" isAnimationActive={false} />
            <Bar dataKey="fs" stackId="m" name={t("charts.judgeFailureHumanSuccess")} fill="#fca5a5" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartBox>
    </div>
  );
}
