import Link from "next/link";
import { AccuracyChart } from "@/components/dashboard/accuracy-chart";
import { DashboardSection } from "@/components/dashboard/dashboard-section";
import { JudgeConfusionTable } from "@/components/dashboard/judge-confusion-table";
import { StatusBars } from "@/components/dashboard/status-bars";
import { SubmissionsChart } from "@/components/dashboard/submissions-chart";
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
        </DashboardSection>
        <DashboardSection wide title="Submissions per day" note="Submitted annotations per UTC day and annotator, last 30 days." isEmpty={last30 === 0} empty="No annotation was submitted in the last 30 days.">
          <SubmissionsChart submissions={d.submissions} />
          <ul className="mt-2 flex flex-wrap gap-x-6 text-sm text-slate-700">
            {d.submissions.annotators.map((a) => (
              <li key={a.id}>{a.name}: <span className="tabular-nums">{a.last30}</span> in 30 days, <span className="tabular-nums">{a.total}</span> in all</li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection title="Step vs trace accuracy" note="Per model: correct share of labelled steps (submitted annotations) and verified-success share of verified trajectories." isEmpty={d.accuracy.every((m) => m.stepAccuracy === null && m.traceAccuracy === null)} empty="No trajectory has labelled steps or a verified verdict yet.">
          <AccuracyChart models={d.accuracy} />
          <ul className="mt-2 space-y-0.5 text-xs text-slate-600">
            {d.accuracy.map((m) => (
              <li key={m.model}>{m.model}: steps {pct(m.stepAccuracy)} of {m.stepsLabelled}, traces {pct(m.traceAccuracy)} of {m.verified} verified</li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection title="Judge vs human" note="MLLM trace verdicts (effective, after overrides) against verified human verdicts; κ is Cohen's kappa." isEmpty={d.judges.length === 0} empty="No verified trajectory has an MLLM judge verdict yet.">
          <JudgeConfusionTable judges={d.judges} />
        </DashboardSection>
      </div>
    </div>
  );
}
