import "server-only";
// Everything the run page's sampled-verification part needs: the run's sample (or null), the
// episode count and whether any judge gave scores (for the first draw's form), and, for an
// admin, the project's active members and honeypot rate for the queue forms.
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { roleAtLeast } from "@/lib/auth/roles";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { listMembers } from "@/lib/projects/members";
import { loadRunSample, type RunSample } from "@/lib/runs/sampling/run-sample";

export type SampledSectionData = {
  sample: RunSample | null;
  episodes: number;
  hasScores: boolean;
  canDraw: boolean;
  members: { id: string; name: string; email: string; role: string }[];
  defaultHoneypotPercent: number;
};

export async function loadSampledSection(db: Db, access: ProjectAccess, runId: string): Promise<SampledSectionData> {
  const { projectId } = access;
  const canDraw = access.role === "owner" || roleAtLeast(access.role, "admin");
  const [sample, episodes, scored, project, memberships] = await Promise.all([
    loadRunSample(db, projectId, runId),
    db.trajectory.count({ where: { projectId, runId } }),
    db.judgeVerdict.count({ where: { projectId, targetType: "trajectory", kind: "mllm", valueScore: { not: null }, trajectory: { runId } } }),
    db.project.findUnique({ where: { id: projectId }, select: { settings: true } }),
    canDraw ? listMembers(db, projectId) : Promise.resolve([]),
  ]);
  const settings = ProjectSettingsSchema.parse(project?.settings ?? {});
  return {
    sample,
    episodes,
    hasScores: scored > 0,
    canDraw,
    members: memberships.filter((m) => !m.user.disabledAt).map((m) => ({ id: m.user.id, name: m.user.name, email: m.user.email, role: m.role })),
    defaultHoneypotPercent: Math.round(settings.honeypotRate * 100),
  };
}
