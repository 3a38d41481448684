import "server-only";
// Everything the dashboard shows, for one project, loaded in parallel. Each figure is an
// aggregate in the database (groupBy, grouped raw SQL), never a loop over all items.
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { honeypotAccuracy } from "@/lib/dashboard/honeypot-accuracy";
import { judgeVsHuman, judgeVsHumanBy } from "@/lib/dashboard/judge-vs-human";
import { agreementPerQueue, answerAgreement } from "@/lib/dashboard/queue-agreement";
import { queueTimelines } from "@/lib/dashboard/queue-timeline";
import { reviewProgress } from "@/lib/dashboard/review-progress";
import { stepVsTraceAccuracy } from "@/lib/dashboard/step-vs-trace";
import { submissionsPerDay } from "@/lib/dashboard/submissions";
import { queueThroughput } from "@/lib/dashboard/throughput";
import { tierCounts } from "@/lib/dashboard/tier-counts";

export async function loadDashboard(db: Db, project: { id: string; settings: unknown }, now = new Date()) {
  const tiers = ProjectSettingsSchema.parse(project.settings ?? {}).tiers;
  const [submissions, tierTotals, judges, byJudge, byApp, byBenchmark, accuracy, progress, timelines, throughput, agreement, honeypots, answers] = await Promise.all([
    submissionsPerDay(db, project.id, now),
    tierCounts(db, project.id),
    judgeVsHuman(db, project.id),
    judgeVsHumanBy(db, project.id, "judge"),
    judgeVsHumanBy(db, project.id, "app"),
    judgeVsHumanBy(db, project.id, "benchmark"),
    stepVsTraceAccuracy(db, project.id),
    reviewProgress(db, project.id),
    queueTimelines(db, project.id, now),
    queueThroughput(db, project.id, now),
    agreementPerQueue(db, project.id),
    honeypotAccuracy(db, project.id),
    answerAgreement(db, project.id),
  ]);
  return {
    tiers, submissions, tierCounts: tierTotals, judges, judgeBreakdowns: { judge: byJudge, app: byApp, benchmark: byBenchmark },
    accuracy, progress, timelines, throughput, agreement, honeypots, answerAgreement: answers,
  };
}

export type Dashboard = Awaited<ReturnType<typeof loadDashboard>>;
