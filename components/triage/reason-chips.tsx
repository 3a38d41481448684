"use client";
// Why an item is in doubt, as coloured chips (a client component: it sits in the decision
// screen as well as in the server-rendered candidate table).
import { useT } from "@/components/i18n/i18n-provider";
import { reasonLabel } from "@/components/triage/triage-labels";
import type { TriageReason } from "@/lib/domain/triage-impact";

const TONE: Record<TriageReason, string> = {
  rule_vs_judge: "bg-violet-100 text-violet-900",
  judge_vs_human: "bg-rose-100 text-rose-900",
  near_threshold: "bg-amber-100 text-amber-900",
};

export function ReasonChips({ reasons }: { reasons: readonly TriageReason[] }) {
  const t = useT();
  if (reasons.length === 0) return <span className="text-xs text-slate-500">{t("triageReason.none")}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {reasons.map((r) => (
        <span key={r} className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONE[r]}`}>{reasonLabel(t, r)}</span>
      ))}
    </span>
  );
}
