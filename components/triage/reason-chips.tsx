import type { TriageReason } from "@/lib/domain/triage-impact";
import { REASON_LABELS } from "@/lib/triage/candidate-types";

const TONE: Record<TriageReason, string> = {
  rule_vs_judge: "bg-violet-100 text-violet-900",
  judge_vs_human: "bg-rose-100 text-rose-900",
  near_threshold: "bg-amber-100 text-amber-900",
};

export function ReasonChips({ reasons }: { reasons: readonly TriageReason[] }) {
  if (reasons.length === 0) return <span className="text-xs text-slate-500">no longer in dispute</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {reasons.map((r) => (
        <span key={r} className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONE[r]}`}>{REASON_LABELS[r]}</span>
      ))}
    </span>
  );
}
