"use client";
// Verified step accuracy and trace accuracy per checkpoint, each with its 95% interval as an
// error bar (lib/runs/checkpoints/checkpoint-accuracy.ts): the two lines part when an agent's
// steps keep improving while its episodes stop succeeding. A checkpoint without verified
// episodes has no point, which must not read as 0%.
import { CartesianGrid, ErrorBar, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";

export type CheckpointDatum = {
  name: string;
  step: number | null;
  stepError: [number, number] | null;
  trace: number | null;
  traceError: [number, number] | null;
};

export function CheckpointChart({ data }: { data: CheckpointDatum[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ChartBox label={t("charts.checkpointAccuracy")} height={320}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 12, right: 16, bottom: 4, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* Padding keeps the first and last error bars off the axes. */}
          <XAxis dataKey="name" tick={{ fontSize: 12 }} padding={{ left: 32, right: 32 }} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => (typeof value === "number" ? `${formatNumber(locale, value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%` : "—")} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line type="monotone" dataKey="step" name={t("charts.stepAccuracy")} stroke="#0891b2" strokeWidth={2} connectNulls={false} isAnimationActive={false}>
            <ErrorBar dataKey="stepError" width={6} stroke="#0891b2" isAnimationActive={false} />
          </Line>
          <Line type="monotone" dataKey="trace" name={t("charts.traceAccuracy")} stroke="#7c3aed" strokeWidth={2} connectNulls={false} isAnimationActive={false}>
            <ErrorBar dataKey="traceError" width={6} stroke="#7c3aed" isAnimationActive={false} />
          </Line>
        </LineChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
