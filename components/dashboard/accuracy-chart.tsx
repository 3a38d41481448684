"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import type { ModelAccuracy } from "@/lib/dashboard/step-vs-trace";

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

// A missing bar means nothing to count yet (no labelled steps, no verified trajectory),
// which must not read as 0%.
export function AccuracyChart({ models }: { models: ModelAccuracy[] }) {
  const t = useT();
  const locale = useLocale();

  const data = models.map((m) => ({ model: m.model, step: percent(m.stepAccuracy), trace: percent(m.traceAccuracy) }));
  return (
    <ChartBox label={t("charts.modelAccuracy")}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="model" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => (typeof value === "number" ? `${formatNumber(locale, value)}%` : "—")} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="step" name={t("charts.stepAccuracy")} fill="#0891b2" />
          <Bar dataKey="trace" name={t("charts.traceAccuracy")} fill="#7c3aed" />
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
