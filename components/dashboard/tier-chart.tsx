"use client";
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartBox } from "@/components/dashboard/chart-box";
import { useT } from "@/components/i18n/i18n-provider";
import { TIER_COLORS } from "@/components/dashboard/palette";
import type { TierCounts } from "@/lib/dashboard/tier-counts";

export function TierChart({ counts }: { counts: TierCounts }) {
  const t = useT();

  const data = (Object.keys(TIER_COLORS) as (keyof TierCounts)[]).map((tier) => ({ tier, samples: counts[tier] }));
  return (
    <ChartBox label={t("charts.tiers")} height={240}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* gold, rewrite and discard are the tiers' stored names in both languages; "unscored" is not a tier. */}
          <XAxis dataKey="tier" tick={{ fontSize: 12 }} tickFormatter={(tier: string) => (tier === "unscored" ? t("quality.unscored") : tier)} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="samples" name={t("charts.samples")}>
            {data.map((d) => (
              <Cell key={d.tier} fill={TIER_COLORS[d.tier]} />
            ))}
            <LabelList dataKey="samples" position="top" fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}
