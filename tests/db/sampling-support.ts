// A project with an admin, a reviewer and annotators, and synthetic evaluation runs written as
// an import writes them (trajectories with a step, the judge's boolean verdict and its score),
// then derived; and the reviewer's verdicts pinned as the app pins them.
import type { ProjectAccess } from "@/lib/auth/session";
import type { Db, DbProvider } from "@/lib/db";
import { freshDatabase } from "./databases";
import { pinTrajectory, rederiveStale, trajectoryAnswer } from "./derived-support";
import { SYNTHETIC_JUDGE, type SyntheticEpisode } from "../support/synthetic-run";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

export async function samplingProject(provider: DbProvider, settings: object = {}) {
  const { db } = await freshDatabase(provider);
  const project = await db.project.create({ data: { slug: "runs", name: "Runs", settings: JSON.parse(JSON.stringify(settings)) } });
  const access: Record<string, ProjectAccess> = {};
  for (const [name, role] of [["admin", "admin"], ["reviewer", "reviewer"], ["ann", "annotator"], ["bea", "annotator"]] as const) {
    const user = await db.user.create({ data: { email: `${name}@x.test`, name } });
    await db.membership.create({ data: { projectId: project.id, userId: user.id, role } });
    access[name] = { user: { id: user.id, email: user.email, name, isOwner: false }, projectId: project.id, role };
  }
  return { db, project, as: (name: string) => access[name]! };
}

export type SeededRun = { id: string; name: string; trajectories: Map<string, { id: string; episode: SyntheticEpisode }> };

export async function seedRun(db: Db, projectId: string, name: string, episodes: readonly SyntheticEpisode[], extra: { groupOf?: (e: SyntheticEpisode, i: number) => string | null; withScores?: boolean } = {}): Promise<SeededRun> {
  const run = await db.evaluationRun.create({ data: { projectId, name, benchmark: "synthetic-android", model: "venus-7b" } });
  const trajectories = new Map<string, { id: string; episode: SyntheticEpisode }>();
  for (const [i, e] of episodes.entries()) {
    const t = await db.trajectory.create({
      data: {
        projectId, runId: run.id, goal: e.goal, app: e.app, benchmark: "synthetic-android", model: "venus-7b", sourceDataset: "synthetic", sourceId: `${name}/${e.task}`,
        contentHash: `${name}/${e.task}`, stepCount: 2, agentClaimedFinish: true, groupKey: extra.groupOf?.(e, i) ?? null, steps: { create: [{ index: 0 }, { index: 1 }] },
      },
    });
    await recordVerdict(db, { projectId, trajectoryId: t.id, kind: "mllm", judgeName: SYNTHETIC_JUDGE.name, promptVersion: SYNTHETIC_JUDGE.promptVersion, metric: "trace_success", valueBool: e.judge });
    if (extra.withScores !== false) {
      await recordVerdict(db, { projectId, trajectoryId: t.id, kind: "mllm", judgeName: SYNTHETIC_JUDGE.name, promptVersion: SYNTHETIC_JUDGE.promptVersion, metric: "trace_success", valueScore: e.judgeScore });
    }
    trajectories.set(e.task, { id: t.id, episode: e });
  }
  await rederiveStale(db, projectId);
  return { id: run.id, name, trajectories };
}

/** The reviewer verifies these episodes with their true outcome. */
export async function verifyTruthfully(db: Db, projectId: string, reviewer: ProjectAccess, run: SeededRun, trajectoryIds: readonly string[]) {
  const byId = new Map([...run.trajectories.values()].map((t) => [t.id, t.episode]));
  for (const id of trajectoryIds) {
    const e = byId.get(id);
    if (!e) throw new Error(`${id} is not an episode of ${run.name}`);
    await pinTrajectory(db, projectId, id, trajectoryAnswer(e.human ? "success" : "failure", ["correct", e.human ? "correct" : "incorrect"]), { decidedById: reviewer.user.id });
  }
}
