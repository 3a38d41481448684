"use client";
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import type { QueueAgreement } from "@/lib/dashboard/queue-agreement";

const round = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 100) / 100);

// One chart per queue, a group of bars per annotator pair: Cohen's kappa on trace verdicts
// and step labels (trajectory queues), mean IoU and point-in-box agreement (sample queues).
// Kappa can be negative (worse than chance), so the axis goes down to -1 for it.
export function AgreementChart({ queue }: { queue: QueueAgreement }) {
  const isTrajectory = queue.itemType === "trajectory";
  const data = queue.pairs.map((p) => ({
    pair: `${p.a.name} × ${p.b.name}`,
    trace: round(p.trace?.kappa),
    steps: round(p.steps?.kappa),
    iou: round(p.boxes?.meanIou),
    pib: round(p.boxes?.pointInBox),
  }));
  return (
    <ChartBox label={`Agreement per annotator pair in ${queue.name}`} height={220}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="pair" tick={{ fontSize: 11 }} />
          <YAxis domain={isTrajectory ? [-1, 1] : [0, 1]} tick={{ fontSize: 11 }} />
          <ReferenceLine y={0} stroke="#94a3b8" />
          <Tooltip formatter={(value) => (value === null || value === undefined ? "n/a" : String(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {isTrajectory ? (
            <>
              <Bar dataKey="trace" name="κ trace verdicts" fill="#7c3aed" isAnimationActive={false} />
              <Bar dataKey="steps" name="κ step labels" fill="#0891b2" isAnimationActive={false} />
            </>
          ) : (
            <>
              <Bar dataKey="iou" name="Mean IoU" fill="#2563eb" isAnimationActive={false} />
              <Bar dataKey="pib" name="Point-in-box agreement" fill="#059669" isAnimationActive={false} />
            </>
          )}
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
