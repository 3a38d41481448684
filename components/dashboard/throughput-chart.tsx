"use client";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { secondsText } from "@/components/dashboard/seconds-text";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import type { Throughput } from "@/lib/dashboard/throughput";

// Items per day as bars; the median claim-to-submit time as a line on its own axis (a day
// without submissions has no median, and the line skips it).
export function ThroughputChart({ throughput }: { throughput: Throughput }) {
  const t = useT();
  const locale = useLocale();

  const data = throughput.days.map((d) => ({ day: d.day.slice(5), items: d.items, median: d.medianSeconds === null ? null : Math.round(d.medianSeconds) }));
  return (
    <ChartBox label={t("charts.throughput")}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis yAxisId="items" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis yAxisId="seconds" orientation="right" unit={t("charts.secondsUnit")} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value, _name, item) => (item.dataKey === "median" ? secondsText(t, locale, value === null || value === undefined ? null : Number(value)) : typeof value === "number" ? formatNumber(locale, value) : String(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="items" dataKey="items" name={t("charts.itemsSubmitted")} fill="#2563eb" isAnimationActive={false} />
          <Line yAxisId="seconds" dataKey="median" name={t("charts.medianTime")} stroke="#d97706" strokeWidth={2} connectNulls={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
