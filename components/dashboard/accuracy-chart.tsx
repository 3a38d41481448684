"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import type { ModelAccuracy } from "@/lib/dashboard/step-vs-trace";

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

// A missing bar means nothing to count yet (no labelled steps, no verified trajectory),
// which must not read as 0%.
export function AccuracyChart({ models }: { models: ModelAccuracy[] }) {
  const data = models.map((m) => ({ model: m.model, step: percent(m.stepAccuracy), trace: percent(m.traceAccuracy) }));
  return (
    <ChartBox label="Step accuracy and trace accuracy per model">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="model" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => (value === null || value === undefined ? "—" : `${value}%`)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="step" name="Step accuracy" fill="#0891b2" />
          <Bar dataKey="trace" name="Trace accuracy" fill="#7c3aed" />
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
