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
import { formatPercent } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";

export async function DashboardScreen({ project, d }: { project: { slug: string; name: string }; d: Dashboard }) {
  const { t, locale } = await getT();
  const pct = (share: number | null) => (share === null ? "—" : formatPercent(locale, share, 1));
  const { goldMin, rewriteMin } = d.tiers;
  const tierTotal = d.tierCounts.gold + d.tierCounts.rewrite + d.tierCounts.discard + d.tierCounts.unscored;
  const last30 = d.submissions.annotators.reduce((n, a) => n + a.last30, 0);
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("project.dashboard")}</h1>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DashboardSection title={t("dashboard.progress")} note={t("dashboard.progressNote")} isEmpty={d.progress.samples.total + d.progress.trajectories.total === 0} empty={t("dashboard.progressEmpty")}>
          <StatusBars samples={d.progress.samples} trajectories={d.progress.trajectories} />
        </DashboardSection>
        <DashboardSection title={t("dashboard.tiers")} note={t("dashboard.tiersNote", { goldMin, rewriteMin })} isEmpty={tierTotal === 0} empty={t("dashboard.tiersEmpty")}>
          <TierChart counts={d.tierCounts} />
          <ul className="mt-2 flex flex-wrap gap-x-5 text-sm text-slate-700" aria-label={t("dashboard.perTier")}>
            {(["gold", "rewrite", "discard", "unscored"] as const).map((tier) => (
              <li key={tier}>{tier === "unscored" ? t("quality.unscored") : tier} <span className="tabular-nums">{d.tierCounts[tier]}</span></li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection wide title={t("queue.progress")} note={t("dashboard.queueNote")} isEmpty={d.timelines.queues.length === 0} empty={t("dashboard.queueEmpty")}>
          <QueueProgressChart timelines={d.timelines} />
          <ul className="mt-2 flex flex-wrap gap-x-6 text-sm text-slate-700" aria-label={t("queue.progress")}>
            {d.timelines.queues.map((q) => (
              <li key={q.id}>{t("dashboard.queueSubmitted", { queue: q.name, submitted: q.submitted, needed: q.needed })}</li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection wide title={t("dashboard.submissions")} note={t("dashboard.submissionsNote")} isEmpty={last30 === 0} empty={t("dashboard.submissionsEmpty")}>
          <SubmissionsChart submissions={d.submissions} />
          <ul className="mt-2 flex flex-wrap gap-x-6 text-sm text-slate-700">
            {d.submissions.annotators.map((a) => (
              <li key={a.id}>{t("dashboard.annotatorSubmissions", { name: a.name, last30: a.last30, total: a.total })}</li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection wide title={t("dashboard.judges")} note={t("dashboard.judgesNote")} isEmpty={d.judges.length === 0} empty={t("dashboard.judgesEmpty")}>
          <JudgeHumanChart breakdowns={d.judgeBreakdowns} />
          <div className="mt-4"><JudgeConfusionTable judges={d.judges} /></div>
        </DashboardSection>
        <DashboardSection title={t("dashboard.throughput")} note={d.throughput.items > 0 ? t("dashboard.throughputNoteItems", { items: d.throughput.items, median: secondsText(t, locale, d.throughput.medianSeconds) }) : t("dashboard.throughputNote")} isEmpty={d.throughput.items === 0} empty={t("dashboard.throughputEmpty")}>
          <ThroughputChart throughput={d.throughput} />
        </DashboardSection>
        <DashboardSection title={t("honeypots.accuracy")} note={t("dashboard.honeypotsNote")} isEmpty={d.honeypots.length === 0} empty={t("dashboard.honeypotsEmpty")}>
          <HoneypotChart scores={d.honeypots} />
          <ul className="mt-2 flex flex-wrap gap-x-6 text-sm text-slate-700" aria-label={t("honeypots.accuracyPerAnnotator")}>
            {d.honeypots.map((h) => (
              <li key={h.id}>{t("dashboard.honeypotRight", { name: h.name, correct: h.correct, graded: h.graded, percent: pct(h.accuracy) })}</li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection wide title={t("dashboard.agreement")} note={t("dashboard.agreementNote")} isEmpty={d.agreement.length === 0} empty={t("dashboard.agreementEmpty")}>
          <AgreementSection queues={d.agreement} />
        </DashboardSection>
        <DashboardSection wide title={t("dashboard.answerAgreement")} note={t("dashboard.answerAgreementNote")} isEmpty={d.answerAgreement.length === 0} empty={t("dashboard.answerAgreementEmpty")}>
          <AgreementSection queues={d.answerAgreement} />
        </DashboardSection>
        <DashboardSection wide title={t("dashboard.accuracy")} note={t("dashboard.accuracyNote")} isEmpty={d.accuracy.every((m) => m.stepAccuracy === null && m.traceAccuracy === null)} empty={t("dashboard.accuracyEmpty")}>
          <AccuracyChart models={d.accuracy} />
          <ul className="mt-2 space-y-0.5 text-xs text-slate-600">
            {d.accuracy.map((m) => (
              <li key={m.model}>{t("dashboard.modelAccuracy", { model: m.model, steps: pct(m.stepAccuracy), labelled: m.stepsLabelled, traces: pct(m.traceAccuracy), verified: m.verified })}</li>
            ))}
          </ul>
        </DashboardSection>
      </div>
    </div>
  );
}
