"use client";
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import type { QueueAgreement } from "@/lib/dashboard/queue-agreement";

const round = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 100) / 100);

// One chart per queue, a group of bars per annotator pair: Cohen's kappa on trace verdicts
// and step labels (trajectory queues), mean IoU and point-in-box agreement (sample queues).
// Kappa can be negative (worse than chance), so the axis goes down to -1 for it.
export function AgreementChart({ queue }: { queue: QueueAgreement }) {
  const t = useT();
  const locale = useLocale();

  const isTrajectory = queue.itemType === "trajectory";
  const data = queue.pairs.map((p) => ({
    pair: `${p.a.name} × ${p.b.name}`,
    trace: round(p.trace?.kappa),
    steps: round(p.steps?.kappa),
    iou: round(p.boxes?.meanIou),
    pib: round(p.boxes?.pointInBox),
  }));
  return (
    <ChartBox label={t("charts.agreementPerPair", { queue: queue.name })} height={220}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="pair" tick={{ fontSize: 11 }} />
          <YAxis domain={isTrajectory ? [-1, 1] : [0, 1]} tick={{ fontSize: 11 }} />
          <ReferenceLine y={0} stroke="#94a3b8" />
          <Tooltip formatter={(value) => (typeof value === "number" ? formatNumber(locale, value) : t("charts.notAvailable"))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {isTrajectory ? (
            <>
              <Bar dataKey="trace" name={t("charts.kappaTrace")} fill="#7c3aed" isAnimationActive={false} />
              <Bar dataKey="steps" name={t("charts.kappaSteps")} fill="#0891b2" isAnimationActive={false} />
            </>
          ) : (
            <>
              <Bar dataKey="iou" name={t("charts.meanIou")} fill="#2563eb" isAnimationActive={false} />
              <Bar dataKey="pib" name={t("charts.pointInBox")} fill="#059669" isAnimationActive={false} />
            </>
          )}
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
