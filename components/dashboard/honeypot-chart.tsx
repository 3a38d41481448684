"use client";
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import type { HoneypotScore } from "@/lib/dashboard/honeypot-accuracy";

export function HoneypotChart({ scores }: { scores: HoneypotScore[] }) {
  const data = scores.map((s) => ({ name: s.name, accuracy: Math.round(s.accuracy * 1000) / 10, label: `${s.correct}/${s.graded}` }));
  return (
    <ChartBox label="Honeypot accuracy per annotator" height={240}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => `${value}%`} />
          <Bar dataKey="accuracy" name="Honeypot accuracy" fill="#059669" minPointSize={2} isAnimationActive={false}>
            <LabelList dataKey="label" position="top" fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
