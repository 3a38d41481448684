// The values in dispute, in one line: the judge's effective value beside the rule verifier's
// and the human's (trajectories), a step judge's yes/no beside the human's step label (steps),
// or the judge's score and tier beside the human's (samples).
"use client";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { humanStepLabel, outcomeLabel, stepValueLabel, verdictWordLabel } from "@/components/triage/triage-labels";
import { formatNumber } from "@/lib/i18n/format";
import type { TriageCandidate } from "@/lib/triage/candidate-types";

export function CandidateValues({ candidate: c }: { candidate: TriageCandidate }) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(locale, v, { maximumFractionDigits: 2 });
  if (c.kind === "trajectory") {
    return (
      <span className="text-sm text-slate-700">
        <b>{c.judgeName}</b> {outcomeLabel(t, c.judge)}
        {c.rule && <> · {t("triageValues.rule", { judge: c.rule.judgeName, outcome: outcomeLabel(t, c.rule.effective) })}</>}
        {c.human && <> · {t("triageValues.human", { value: verdictWordLabel(t, c.human) })}</>}
      </span>
    );
  }
  if (c.kind === "step") {
    return (
      <span className="text-sm text-slate-700">
        <b>{c.judgeName}</b> {stepValueLabel(t, c.judge)}
        {c.human && <> · {t("triageValues.human", { value: humanStepLabel(t, c.human) })}</>}
      </span>
    );
  }
  return (
    <span className="text-sm text-slate-700">
      <b>{c.judgeName}</b> {t("triageDecision.humanScore", { score: n(c.judgeScore), tier: c.judgeTier })}
      {c.humanScore !== null && <> · {t("triageValues.humanScore", { score: n(c.humanScore), tier: c.humanTier ?? "" })}</>}
      {c.threshold !== null && <> · {t("triageValues.threshold", { value: n(c.threshold) })}</>}
    </span>
  );
}
