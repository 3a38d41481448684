"use client";
// One triage item: what the verdict is about, why it is in doubt and what a decision would
// move (the GRPO group before and after a flip), the verdicts with their rationale and the
// human's answer, and the decision panel (keys a / o / 1-5 / n).
import Link from "next/link";
import { useState } from "react";
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

function decidedNote(view: TriageItemView): string | null {
  if (view.item.status !== "verified") return null;
  const when = view.item.resolvedAt ? ` on ${view.item.resolvedAt.slice(0, 16).replace("T", " ")}` : "";
  if (!view.decision) return `Already settled${when}.`;
  const what = view.decision.action === "triage.override" ? "overridden" : "accepted";
  return `Decided${when}: judge ${what} by ${view.decision.by}${typeof view.decision.details?.reason === "string" ? ` (${view.decision.details.reason})` : ""}.`;
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
  const rule = c?.kind === "trajectory" ? c.rule : null;
  const againstRule = rule && rule.effective !== verdict.effective ? { judgeName: rule.judgeName, value: rule.effective } : null;
  return { kind: "trajectory", judgeName: verdict.judgeName, judge: verdict.effective, againstRule };
}

export function TriageDecisionScreen({ project, view, queueMode }: Props) {
  const [isHelpOpen, setHelpOpen] = useState(false);
  const subject = subjectOf(view);
  const c = view.candidate;
  const trajectoryId = view.target.kind === "trajectory" ? view.target.trajectory.id : null;
  const humanLine = view.target.kind === "trajectory"
    ? view.target.trajectory.humanVerdict ? `${view.target.trajectory.humanVerdict} (${view.target.trajectory.status === "verified" ? "verified" : "not verified yet"})` : "none yet"
    : c?.kind === "sample" && c.humanScore !== null ? `${c.humanScore}/10 (${c.humanTier})` : "none yet";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${project.slug}/triage`} className="text-sm text-blue-700 hover:underline">← Triage</Link>
          <h1 className="mt-1 text-2xl font-semibold">Triage decision</h1>
          <p className="text-sm text-slate-600">
            {view.queue.name}: <span className="tabular-nums">{view.queue.decided} / {view.queue.total}</span> decided
            {queueMode ? (view.claim?.status === "active" ? ` · your claim runs until ${view.claim.leaseUntil.slice(11, 16)} UTC` : " · your claim on this item has ended") : " · opened outside queue mode"}
          </p>
        </div>
        <button type="button" onClick={() => setHelpOpen(true)} className="rounded border border-slate-300 px-2 py-1 text-xs text-slate-700 hover:bg-slate-50">Keys <kbd className="font-mono">?</kbd></button>
      </div>

      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3" aria-label="Why this item">
        {c ? <ReasonChips reasons={c.reasons} /> : <span className="text-xs text-slate-500">the judge verdict in question was replaced by a newer one</span>}
        {c && <CandidateValues candidate={c} />}
        <span className="ml-auto text-sm">Impact <b className="tabular-nums" data-testid="impact">{(c?.impact ?? view.item.impactWhenQueued).toFixed(2)}</b></span>
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <TriageTarget slug={project.slug} target={view.target} />
          {c?.kind === "trajectory" && c.group && trajectoryId && <GroupFlipTable slug={project.slug} group={c.group} trajectoryId={trajectoryId} impact={c.impact} />}
          {c?.kind === "trajectory" && !c.group && (
            <p className="text-sm text-slate-600">Not in a GRPO group: a flip changes only this rollout&apos;s reward, by {c.impact.toFixed(3)}.</p>
          )}
        </div>
        <div className="space-y-4">
          {subject ? (
            <DecisionPanel projectId={project.id} queueItemId={view.item.id} queueMode={queueMode} subject={subject} decidedNote={decidedNote(view)}
              onHelp={() => setHelpOpen((open) => !open)} onEscape={() => setHelpOpen(false)} />
          ) : (
            <p role="alert" className="text-sm text-red-700">The verdict of this item has no value to decide on.</p>
          )}
          <section aria-label="Human answer" className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <h2 className="font-semibold">Human</h2>
            <p className="text-slate-700">{humanLine}</p>
          </section>
          <VerdictList title="Verdicts" projectId={project.id} verdicts={view.verdicts} canOverride={false} empty="No verdicts." />
        </div>
      </div>
      {isHelpOpen && <TriageHelp onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
