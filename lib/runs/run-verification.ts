import "server-only";
// An evaluation run, verified: each episode's automatic and verified outcome, the corrected
// success rate (verified successes / verified episodes) with its 95% Wilson interval beside
// the automatic rate, a per-app breakdown, and the episodes whose outcome changed. Every value
// is the trajectory's stored derived one (lib/domain/derive-trajectory.ts): the automatic
// outcome as the checkers reported it, the verified verdict of the final answer, and "changed"
// exactly when the auto_vs_human flag is raised. Reviewers only: it shows verified outcomes.
import type { Db } from "@/lib/db";
import { wilsonInterval, type WilsonInterval } from "@/lib/domain/wilson";
import { storedFlags } from "@/lib/trajectories/trajectory-review";

export type EpisodeRow = {
  id: string;
  episode: string;
  goal: string;
  app: string | null;
  steps: number;
  automatic: boolean | null; // as the checkers reported it
  automaticAfterOverrides: boolean | null; // after a reviewer overrode the verdict it came from
  verified: boolean | null; // null: not verified, or verified "unsure"
  changed: boolean;
};

type Rate = { successes: number; n: number; interval: WilsonInterval | null };

function rate(values: (boolean | null)[]): Rate {
  const known = values.filter((v): v is boolean => v !== null);
  const successes = known.filter(Boolean).length;
  return { successes, n: known.length, interval: known.length ? wilsonInterval(successes, known.length) : null };
}

export async function loadRunVerification(db: Db, projectId: string, runId: string) {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId } });
  if (!run) return null;
  const trajectories = await db.trajectory.findMany({
    where: { projectId, runId },
    orderBy: { sourceId: "asc" },
    select: { id: true, sourceId: true, goal: true, app: true, stepCount: true, autoOutcome: true, effectiveAutoOutcome: true, outcome: true, outcomeSource: true, mismatchFlags: true },
  });
  const episodes: EpisodeRow[] = trajectories.map((t) => ({
    id: t.id,
    episode: t.sourceId,
    goal: t.goal,
    app: t.app,
    steps: t.stepCount,
    automatic: t.autoOutcome,
    automaticAfterOverrides: t.effectiveAutoOutcome,
    verified: t.outcomeSource === "human" ? t.outcome : null,
    changed: storedFlags(t.mismatchFlags, true).includes("auto_vs_human"),
  }));
  const apps = [...new Set(episodes.map((e) => e.app ?? "(no app)"))].sort();
  return {
    run: { id: run.id, name: run.name, benchmark: run.benchmark, model: run.model },
    episodes,
    automatic: rate(episodes.map((e) => e.automatic)),
    corrected: rate(episodes.map((e) => e.verified)),
    unverified: episodes.filter((e) => e.verified === null).length,
    perApp: apps.map((app) => {
      const of = episodes.filter((e) => (e.app ?? "(no app)") === app);
      return { app, automatic: rate(of.map((e) => e.automatic)), corrected: rate(of.map((e) => e.verified)), episodes: of.length };
    }),
    changed: episodes.filter((e) => e.changed),
  };
}

export type RunVerification = NonNullable<Awaited<ReturnType<typeof loadRunVerification>>>;
