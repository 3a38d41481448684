"use client";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import { SERIES_COLORS } from "@/components/dashboard/palette";
import type { QueueTimelines } from "@/lib/dashboard/queue-timeline";

// Queues differ in size, so each line is its cumulative submitted share of what it needs
// (items x overlap); the absolute counts are in the tooltip and the list under the chart.
export function QueueProgressChart({ timelines }: { timelines: QueueTimelines }) {
  const t = useT();
  const locale = useLocale();

  const data = timelines.days.map((day, i) => ({
    day: day.slice(5),
    ...Object.fromEntries(timelines.queues.map((q) => [q.id, q.needed === 0 ? 0 : Math.round((q.cumulative[i]! / q.needed) * 1000) / 10])),
  }));
  const byId = new Map(timelines.queues.map((q) => [q.id, q]));
  return (
    <ChartBox label={t("charts.queueProgress")}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value, _name, item) => {
            const q = byId.get(String(item.dataKey));
            const index = data.findIndex((d) => d === item.payload);
            return q ? [t("charts.queueShare", { share: typeof value === "number" ? formatNumber(locale, value) : String(value), submitted: q.cumulative[index] ?? 0, needed: q.needed }), q.name] : [String(value), ""];
          }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {timelines.queues.map((q, i) => (
            <Line key={q.id} type="stepAfter" dataKey={q.id} name={q.name} stroke={SERIES_COLORS[i % SERIES_COLORS.length]} dot={false} strokeWidth={2} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
