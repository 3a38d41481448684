"use client";
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import type { HoneypotScore } from "@/lib/dashboard/honeypot-accuracy";

export function HoneypotChart({ scores }: { scores: HoneypotScore[] }) {
  const t = useT();
  const locale = useLocale();

  const data = scores.map((s) => ({ name: s.name, accuracy: Math.round(s.accuracy * 1000) / 10, label: `${s.correct}/${s.graded}` }));
  return (
    <ChartBox label={t("honeypots.accuracyPerAnnotator")} height={240}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => (typeof value === "number" ? `${formatNumber(locale, value)}%` : String(value))} />
          <Bar dataKey="accuracy" name={t("honeypots.accuracy")} fill="#059669" minPointSize={2} isAnimationActive={false}>
            <LabelList dataKey="label" position="top" fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
