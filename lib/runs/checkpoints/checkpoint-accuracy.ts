import "server-only";
// Step accuracy beside trace accuracy for runs of several checkpoints of one model, the
// report's finding being that the first can keep rising while the second peaks and falls.
// Over each run's verified episodes: trace accuracy (verified successes / decided verdicts)
// with its Wilson interval, step accuracy (correct / labelled steps of the final answers,
// stored as stepsCorrect and stepsIncorrect) with an interval that takes episodes as the
// units sampled (lib/domain/estimates/ratio-interval.ts). Reviewers only: verified outcomes.
import type { Db } from "@/lib/db";
import { wilsonInterval } from "@/lib/domain/wilson";
import { byCheckpoint, checkpointOf, type CheckpointOf } from "@/lib/domain/estimates/checkpoint-order";
import { stepAccuracyInterval, type RatioInterval } from "@/lib/domain/estimates/ratio-interval";

export type CheckpointRun = { id: string; name: string; benchmark: string; model: string | null; episodes: number; checkpoint: CheckpointOf };

export type CheckpointPoint = CheckpointRun & {
  verified: number;
  trace: { value: number; low: number; high: number; successes: number; decided: number } | null;
  step: RatioInterval | null;
};

export async function checkpointRuns(db: Db, projectId: string): Promise<CheckpointRun[]> {
  const runs = await db.evaluationRun.findMany({
    where: { projectId, trajectories: { some: {} } },
    select: { id: true, name: true, benchmark: true, model: true, meta: true, _count: { select: { trajectories: true } } },
  });
  return byCheckpoint(runs.map((r) => ({ id: r.id, name: r.name, benchmark: r.benchmark, model: r.model, episodes: r._count.trajectories, checkpoint: checkpointOf(r) })));
}

export async function checkpointSeries(db: Db, projectId: string, runs: readonly CheckpointRun[]): Promise<CheckpointPoint[]> {
  const verified = await db.trajectory.findMany({
    where: { projectId, runId: { in: runs.map((r) => r.id) }, status: "verified" },
    select: { runId: true, humanVerdict: true, stepsCorrect: true, stepsIncorrect: true },
  });
  return runs.map((run) => {
    const mine = verified.filter((t) => t.runId === run.id);
    const decided = mine.filter((t) => t.humanVerdict === "success" || t.humanVerdict === "failure");
    const successes = decided.filter((t) => t.humanVerdict === "success").length;
    const w = decided.length ? wilsonInterval(successes, decided.length) : null;
    return {
      ...run,
      verified: mine.length,
      trace: w ? { value: w.rate, low: w.low, high: w.high, successes, decided: decided.length } : null,
      step: stepAccuracyInterval(mine.map((t) => ({ correct: t.stepsCorrect, labelled: t.stepsCorrect + t.stepsIncorrect }))),
    };
  });
}
