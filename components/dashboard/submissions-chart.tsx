"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { useT } from "@/components/i18n/i18n-provider";
import { SERIES_COLORS } from "@/components/dashboard/palette";
import type { Submissions } from "@/lib/dashboard/submissions";

// Series are keyed by annotator id (names need not be unique) and labelled by name.
export function SubmissionsChart({ submissions }: { submissions: Submissions }) {
  const t = useT();

  const data = submissions.days.map((d) => ({ day: d.day.slice(5), ...d.counts }));
  const active = submissions.annotators.filter((a) => a.last30 > 0);
  return (
    <ChartBox label={t("charts.submissions")}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {active.map((a, i) => (
            <Bar key={a.id} dataKey={a.id} name={a.name} stackId="submissions" fill={SERIES_COLORS[i % SERIES_COLORS.length]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
