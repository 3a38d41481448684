import Link from "next/link";
import { AccuracyChart } from "@/components/dashboard/accuracy-chart";
import { AgreementSection } from "@/components/dashboard/agreement-section";
import { DashboardSection } from "@/components/dashboard/dashboard-section";
import { HoneypotChart } from "@/components/dashboard/honeypot-chart";
import { JudgeConfusionTable } from "@/components/dashboard/judge-confusion-table";
import { JudgeHumanChart } from "@/components/dashboard/judge-human-chart";
import { QueueProgressChart } from "@/components/dashboard/queue-progress-chart";
import { StatusBars } from "@/components/dashboard/status-bars";
import { SubmissionsChart } from "@/components/dashboard/submissions-chart";
import { secondsText } from "@/components/dashboard/seconds-text";
import { ThroughputChart } from "@/components/dashboard/throughput-chart";
import { TierChart } from "@/components/dashboard/tier-chart";
import type { Dashboard } from "@/lib/dashboard/load-dashboard";

const pct = (share: number | null) => (share === null ? "—" : `${(share * 100).toFixed(1)}%`);

export function DashboardScreen({ project, d }: { project: { slug: string; name: string }; d: Dashboard }) {
  const { goldMin, rewriteMin } = d.tiers;
  const tierTotal = d.tierCounts.gold + d.tierCounts.rewrite + d.tierCounts.discard + d.tierCounts.unscored;
  const last30 = d.submissions.annotators.reduce((n, a) => n + a.last30, 0);
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">Dashboard</h1>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DashboardSection title="Review progress" note="Items by review status." isEmpty={d.progress.samples.total + d.progress.trajectories.total === 0} empty="Nothing imported yet: progress appears once samples or trajectories exist.">
          <StatusBars samples={d.progress.samples} trajectories={d.progress.trajectories} />
        </DashboardSection>
        <DashboardSection title="Quality tiers" note={`Samples by effective quality score: gold ≥ ${goldMin}, rewrite ≥ ${rewriteMin}, discard below.`} isEmpty={tierTotal === 0} empty="No samples yet, so no tiers.">
          <TierChart counts={d.tierCounts} />
          <ul className="mt-2 flex flex-wrap gap-x-5 text-sm text-slate-700" aria-label="Samples per tier">
            {(["gold", "rewrite", "discard", "unscored"] as const).map((tier) => (
              <li key={tier}>{tier} <span className="tabular-nums">{d.tierCounts[tier]}</span></li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection wide title="Queue progress" note="Per queue (the 8 newest): submitted answers by the end of each UTC day, as a share of what the queue needs (items × overlap)." isEmpty={d.timelines.queues.length === 0} empty="No queue yet: an admin creates one on the Queues page.">
          <QueueProgressChart timelines={d.timelines} />
          <ul className="mt-2 flex flex-wrap gap-x-6 text-sm text-slate-700" aria-label="Queue progress">
            {d.timelines.queues.map((q) => (
              <li key={q.id}>{q.name}: <span className="tabular-nums">{q.submitted} of {q.needed}</span> submitted</li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection wide title="Submissions per day" note="Submitted annotations per UTC day and annotator, last 30 days." isEmpty={last30 === 0} empty="No annotation was submitted in the last 30 days.">
          <SubmissionsChart submissions={d.submissions} />
          <ul className="mt-2 flex flex-wrap gap-x-6 text-sm text-slate-700">
            {d.submissions.annotators.map((a) => (
              <li key={a.id}>{a.name}: <span className="tabular-nums">{a.last30}</span> in 30 days, <span className="tabular-nums">{a.total}</span> in all</li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection wide title="Judge vs human" note="MLLM trace verdicts (effective, after overrides) against verified human verdicts, per judge, app or benchmark; κ is Cohen's kappa." isEmpty={d.judges.length === 0} empty="No verified trajectory has an MLLM judge verdict yet: verify trajectories that carry judge verdicts (review them, or work a triage queue).">
          <JudgeHumanChart breakdowns={d.judgeBreakdowns} />
          <div className="mt-4"><JudgeConfusionTable judges={d.judges} /></div>
        </DashboardSection>
        <DashboardSection title="Queue throughput" note={`Queue items submitted per UTC day, and the median time from claim to submit${d.throughput.items > 0 ? `; last 30 days: ${d.throughput.items} items, median ${secondsText(d.throughput.medianSeconds)}` : ""}.`} isEmpty={d.throughput.items === 0} empty="No queue item was submitted in the last 30 days: start a queue on the Queues page.">
          <ThroughputChart throughput={d.throughput} />
        </DashboardSection>
        <DashboardSection title="Honeypot accuracy" note="Per annotator: graded answers on honeypot items (known answers mixed into queues) that were right." isEmpty={d.honeypots.length === 0} empty="No graded honeypot yet: give a queue a honeypot share, and accuracy appears as annotators submit them.">
          <HoneypotChart scores={d.honeypots} />
          <ul className="mt-2 flex flex-wrap gap-x-6 text-sm text-slate-700" aria-label="Honeypot accuracy per annotator">
            {d.honeypots.map((h) => (
              <li key={h.id}>{h.name}: <span className="tabular-nums">{h.correct} of {h.graded}</span> right ({pct(h.accuracy)})</li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection wide title="Agreement per queue" note="Per annotator pair, over the items both submitted in the queue: Cohen's κ on trace verdicts and step labels, or mean IoU and point-in-box agreement of boxes." isEmpty={d.agreement.length === 0} empty="No queue with overlap 2 or more yet: an admin creates one on the Queues page so that items get two answers to compare.">
          <AgreementSection queues={d.agreement} />
        </DashboardSection>
        <DashboardSection wide title="Agreement over every answer" note="Per annotator pair, over every item both submitted an answer to, in a queue or not (labels imported from other tools included): Cohen's κ on trace verdicts and step labels, or mean IoU and point-in-box agreement of boxes." isEmpty={d.answerAgreement.length === 0} empty="No item has submitted answers from two people yet.">
          <AgreementSection queues={d.answerAgreement} />
        </DashboardSection>
        <DashboardSection wide title="Step vs trace accuracy" note="Per model: correct share of labelled steps (submitted annotations) and verified-success share of verified trajectories." isEmpty={d.accuracy.every((m) => m.stepAccuracy === null && m.traceAccuracy === null)} empty="No trajectory has labelled steps or a verified verdict yet.">
          <AccuracyChart models={d.accuracy} />
          <ul className="mt-2 space-y-0.5 text-xs text-slate-600">
            {d.accuracy.map((m) => (
              <li key={m.model}>{m.model}: steps {pct(m.stepAccuracy)} of {m.stepsLabelled}, traces {pct(m.traceAccuracy)} of {m.verified} verified</li>
            ))}
          </ul>
        </DashboardSection>
      </div>
    </div>
  );
}
