import "server-only";
// Everything the dashboard shows, for one project, loaded in parallel.
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { judgeVsHuman } from "@/lib/dashboard/judge-vs-human";
import { reviewProgress } from "@/lib/dashboard/review-progress";
import { stepVsTraceAccuracy } from "@/lib/dashboard/step-vs-trace";
import { submissionsPerDay } from "@/lib/dashboard/submissions";
import { tierCounts } from "@/lib/dashboard/tier-counts";

export async function loadDashboard(db: Db, project: { id: string; settings: unknown }) {
  const tiers = ProjectSettingsSchema.parse(project.settings ?? {}).tiers;
  const [submissions, tierTotals, judges, accuracy, progress] = await Promise.all([
    submissionsPerDay(db, project.id),
    tierCounts(db, project.id, tiers),
    judgeVsHuman(db, project.id),
    stepVsTraceAccuracy(db, project.id),
    reviewProgress(db, project.id),
  ]);
  return { tiers, submissions, tierCounts: tierTotals, judges, accuracy, progress };
}

export type Dashboard = Awaited<ReturnType<typeof loadDashboard>>;
