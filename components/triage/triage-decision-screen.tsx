"use client";
// One triage item: what the verdict is about, why it is in doubt and what a decision would
// move (the GRPO group before and after a flip), the verdicts with their rationale and the
// human's answer, and the decision panel (keys a / o / 1-5 / n).
import Link from "next/link";
import { useState } from "react";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { humanStepLabel, presetLabel, verdictWordLabel } from "@/components/triage/triage-labels";
import { formatDateTime, formatNumber, formatTime } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { CandidateValues } from "@/components/triage/candidate-values";
import { DecisionPanel, type DecisionSubject } from "@/components/triage/decision-panel";
import { GroupFlipTable } from "@/components/triage/group-flip-table";
import { ReasonChips } from "@/components/triage/reason-chips";
import { TriageHelp } from "@/components/triage/triage-help";
import { TriageTarget } from "@/components/triage/triage-target";
import { VerdictList } from "@/components/trajectory-review/verdict-list";
import type { TriageItemView } from "@/lib/triage/triage-item-view";

type Props = {
  project: { id: string; slug: string };
  view: TriageItemView;
  queueMode: { queueId: string; claimId: string | null } | null;
};

function decidedNote(t: Translate, locale: Locale, view: TriageItemView): string | null {
  if (view.item.status !== "verified") return null;
  const when = view.item.resolvedAt ? formatDateTime(locale, view.item.resolvedAt) : null;
  if (!view.decision) return when ? t("triageDecision.settledOn", { when }) : t("triageDecision.settled");
  const isOverride = view.decision.action === "triage.override";
  const by = view.decision.by;
  const said = when
    ? t(isOverride ? "triageDecision.decidedOverriddenOn" : "triageDecision.decidedAcceptedOn", { when, by })
    : t(isOverride ? "triageDecision.decidedOverridden" : "triageDecision.decidedAccepted", { by });
  // The recorded reason is a preset (English, translated here) or "preset: note" or the note itself.
  const reason = view.decision.details?.reason;
  if (typeof reason !== "string") return said;
  const [preset, ...note] = reason.split(": ");
  const shown = [presetLabel(t, preset!), ...note].join(": ");
  return `${said} ${t("triageDecision.reason", { reason: shown })}`;
}

// Across the nearest threshold, as a whole score: 6.8 under gold 7 -> 7, 7.2 over it -> 6.
function suggestedScore(score: number, threshold: number | null, human: number | null): number {
  if (human !== null) return human;
  if (threshold === null) return score;
  return score >= threshold ? Math.max(0, Math.ceil(threshold) - 1) : Math.ceil(threshold);
}

function subjectOf(view: TriageItemView): DecisionSubject | null {
  const verdict = view.verdicts.find((v) => v.id === view.item.verdictId);
  if (!verdict) return null;
  const c = view.candidate;
  if (typeof verdict.effective === "number") {
    const threshold = c?.kind === "sample" ? c.threshold : null;
    const human = c?.kind === "sample" ? c.humanScore : null;
    return { kind: "sample", judgeName: verdict.judgeName, judgeScore: verdict.effective, suggestedScore: suggestedScore(verdict.effective, threshold, human) };
  }
  if (typeof verdict.effective !== "boolean") return null;
  if (view.target.kind === "step") return { kind: "step", judgeName: verdict.judgeName, judge: verdict.effective, stepIndex: view.target.step.index };
  const rule = c?.kind === "trajectory" ? c.rule : null;
  const againstRule = rule && rule.effective !== verdict.effective ? { judgeName: rule.judgeName, value: rule.effective } : null;
  return { kind: "trajectory", judgeName: verdict.judgeName, judge: verdict.effective, againstRule };
}

export function TriageDecisionScreen({ project, view, queueMode }: Props) {
  const t = useT();
  const locale = useLocale();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const subject = subjectOf(view);
  const c = view.candidate;
  const trajectoryId = view.target.kind === "trajectory" ? view.target.trajectory.id : null;
  const trajectory = view.target.kind === "trajectory" ? view.target.trajectory : null;
  const stepHuman = c?.kind === "step" ? c.human : null;
  const humanLine = view.target.kind === "step"
    ? stepHuman
      ? t(view.target.trajectory.status === "verified" ? "triageDecision.humanVerified" : "triageDecision.humanNotVerified", { verdict: humanStepLabel(t, stepHuman) })
      : t("triageDecision.noneYet")
    : trajectory
    ? trajectory.humanVerdict
      ? t(trajectory.status === "verified" ? "triageDecision.humanVerified" : "triageDecision.humanNotVerified", { verdict: verdictWordLabel(t, trajectory.humanVerdict) })
      : t("triageDecision.noneYet")
    : c?.kind === "sample" && c.humanScore !== null
      ? t("triageDecision.humanScore", { score: formatNumber(locale, c.humanScore, { maximumFractionDigits: 2 }), tier: c.humanTier ?? "" })
      : t("triageDecision.noneYet");
  const twoDecimals = (v: number) => formatNumber(locale, v, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${project.slug}/triage`} className="text-sm text-blue-700 hover:underline">← {t("project.triage")}</Link>
          <h1 className="mt-1 text-2xl font-semibold">{t("triageDecision.title")}</h1>
          <p className="text-sm text-slate-600">
            {t("triageDecision.progress", { queue: view.queue.name, decided: view.queue.decided, total: view.queue.total })}
            {queueMode
              ? view.claim?.status === "active" ? t("triageDecision.claimUntil", { time: formatTime(locale, view.claim.leaseUntil) }) : t("triageDecision.claimEnded")
              : t("triageDecision.outsideQueue")}
          </p>
        </div>
        <button type="button" onClick={() => setHelpOpen(true)} className="rounded border border-slate-300 px-2 py-1 text-xs text-slate-700 hover:bg-slate-50">{t("triageDecision.keys")} <kbd className="font-mono">?</kbd></button>
      </div>

      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3" aria-label={t("triageDecision.why")}>
        {c ? <ReasonChips reasons={c.reasons} /> : <span className="text-xs text-slate-500">{t("triageDecision.replaced")}</span>}
        {c && <CandidateValues candidate={c} />}
        <span className="ml-auto text-sm">{t("triageDecision.impact")} <b className="tabular-nums" data-testid="impact">{twoDecimals(c?.impact ?? view.item.impactWhenQueued)}</b></span>
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <TriageTarget slug={project.slug} target={view.target} />
          {c?.kind === "trajectory" && c.group && trajectoryId && <GroupFlipTable slug={project.slug} group={c.group} trajectoryId={trajectoryId} impact={c.impact} />}
          {c?.kind === "step" && (
            <p className="text-sm text-slate-600">{t("triageDecision.stepImpact", { steps: view.target.kind === "step" ? view.target.trajectory.stepCount : 0 })}</p>
          )}
          {c?.kind === "trajectory" && !c.group && (
            <p className="text-sm text-slate-600">{t("triageDecision.noGroup", { delta: formatNumber(locale, c.impact, { minimumFractionDigits: 3, maximumFractionDigits: 3 }) })}</p>
          )}
        </div>
        <div className="space-y-4">
          {subject ? (
            <DecisionPanel projectId={project.id} queueItemId={view.item.id} queueMode={queueMode} subject={subject} decidedNote={decidedNote(t, locale, view)}
              onHelp={() => setHelpOpen((open) => !open)} onEscape={() => setHelpOpen(false)} />
          ) : (
            <p role="alert" className="text-sm text-red-700">{t("triageDecision.noValue")}</p>
          )}
          <section aria-label={t("triageDecision.humanAnswer")} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <h2 className="font-semibold">{t("triageDecision.human")}</h2>
            <p className="text-slate-700">{humanLine}</p>
          </section>
          <VerdictList title={t("triageDecision.verdicts")} projectId={project.id} verdicts={view.verdicts} canOverride={false} empty={t("triageDecision.noVerdicts")} />
        </div>
      </div>
      {isHelpOpen && <TriageHelp onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
