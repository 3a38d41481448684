import "server-only";
// What a first draw needs of a run's episodes: each one's task key and source id (the draw
// order), its stored automatic outcome as reported (before overrides: the strata must not
// depend on what a person has looked at), and the judge's score where one gave a number (the
// latest MLLM verdict on the trajectory with a score, as given).
import type { Db } from "@/lib/db";
import { taskKeyOf } from "@/lib/domain/estimates/task-key";

export type PopulationEpisode = { id: string; sourceId: string; taskKey: string; automatic: boolean | null; judgeScore: number | null };

const CHUNK = 500;

export async function runPopulation(db: Db, projectId: string, run: { id: string; name: string }): Promise<PopulationEpisode[]> {
  const rows = await db.trajectory.findMany({ where: { projectId, runId: run.id }, orderBy: { id: "asc" }, select: { id: true, sourceId: true, goal: true, autoOutcome: true } });
  const scores = new Map<string, number>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const verdicts = await db.judgeVerdict.findMany({
      where: { projectId, targetType: "trajectory", kind: "mllm", valueScore: { not: null }, trajectoryId: { in: rows.slice(i, i + CHUNK).map((r) => r.id) } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { trajectoryId: true, valueScore: true },
    });
    for (const v of verdicts) scores.set(v.trajectoryId!, v.valueScore!);
  }
  return rows.map((r) => ({ id: r.id, sourceId: r.sourceId, taskKey: taskKeyOf(r, run.name), automatic: r.autoOutcome, judgeScore: scores.get(r.id) ?? null }));
}
