import "server-only";
// Everything the run page's sampled-verification part needs: the run's sample (or null) read
// with the predictor the page asks for, the predictors the run offers, and the refused request
// when it asked for one it does not offer (the page then says so and shows the automatic
// outcome's estimate); the episode count and whether any judge gave scores (for the first
// draw's form), and, for an admin, the project's active members and honeypot rate for the
// queue forms.
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { roleAtLeast } from "@/lib/auth/roles";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { listMembers } from "@/lib/projects/members";
import type { PredictorOption } from "@/lib/domain/estimates/predictor";
import type { Said } from "@/lib/i18n/said";
import { loadRunSample, type RunSample } from "@/lib/runs/sampling/run-sample";
import { readPredictor, runPredictorOptions } from "@/lib/runs/sampling/sample-predictor";

export type SampledSectionData = {
  sample: RunSample | null;
  predictors: PredictorOption[];
  refusedPredictor: Said | null;
  episodes: number;
  hasScores: boolean;
  canDraw: boolean;
  members: { id: string; name: string; email: string; role: string }[];
  defaultHoneypotPercent: number;
};

export async function loadSampledSection(db: Db, access: ProjectAccess, runId: string, requestedPredictor?: unknown): Promise<SampledSectionData> {
  const { projectId } = access;
  const canDraw = access.role === "owner" || roleAtLeast(access.role, "admin");
  const predictors = await runPredictorOptions(db, projectId, runId);
  const read = readPredictor(predictors, requestedPredictor);
  const [sample, episodes, scored, project, memberships] = await Promise.all([
    loadRunSample(db, projectId, runId, read.ok ? read.option.key : undefined),
    db.trajectory.count({ where: { projectId, runId } }),
    db.judgeVerdict.count({ where: { projectId, targetType: "trajectory", kind: "mllm", valueScore: { not: null }, trajectory: { runId } } }),
    db.project.findUnique({ where: { id: projectId }, select: { settings: true } }),
    canDraw ? listMembers(db, projectId) : Promise.resolve([]),
  ]);
  const settings = ProjectSettingsSchema.parse(project?.settings ?? {});
  return {
    sample,
    predictors,
    refusedPredictor: read.ok ? null : (read.error.said ?? null),
    episodes,
    hasScores: scored > 0,
    canDraw,
    members: memberships.filter((m) => !m.user.disabledAt).map((m) => ({ id: m.user.id, name: m.user.name, email: m.user.email, role: m.role })),
    defaultHoneypotPercent: Math.round(settings.honeypotRate * 100),
  };
}
