import "server-only";
// A run's verification sample as the run page shows it: its design, seed, strata (with N_h,
// n_h and the recorded weights) and rounds; the estimate from its units (each episode's
// predictor outcome and the verdict of its verified final answer); the drawn episodes; and,
// apart, the run's verified episodes that the sample did not draw (picked by hand, or verified
// before: never in the estimate) and those added to the run after the draw (not in its
// population). Reviewers only, like the run page: it shows verified outcomes.
// The predictor is the stored automatic outcome unless a judge is asked for by its key, which
// must be one the run offers (sample-predictor.ts); a judge's f is its own verdict's value
// (lib/verdicts/judge-human.ts). "How many more?" plans with the automatic outcome whatever the
// predictor (queuePlan): the round it queues is recomputed that way (queue-round.ts), and what
// gets drawn next must not depend on what a reader chose to look at.
import type { Db } from "@/lib/db";
import { sampleEstimate, type SampleEstimate } from "@/lib/domain/estimates/sample-estimate";
import type { SampleDesign } from "@/lib/domain/estimates/strata";
import type { PlanStratum } from "@/lib/domain/estimates/sample-plan";
import { AUTOMATIC_PREDICTOR, predictedOutcome, type PredictorOption } from "@/lib/domain/estimates/predictor";
import { humanOutcomeOf } from "@/lib/runs/sampling/human-outcome";
import { readPredictor, runPredictorOptions } from "@/lib/runs/sampling/sample-predictor";
import { judgeValuesOnRun } from "@/lib/verdicts/judge-human";

export type SampledEpisode = {
  id: string;
  episode: string;
  goal: string;
  stratum: string;
  round: number;
  automatic: boolean | null;
  predicted: boolean | null; // the predictor's outcome (the automatic one unless a judge was chosen)
  human: boolean | null;
  verdict: string | null; // the verified final answer's verdict ("unsure" too), null when not verified
};

export type RunSample = {
  id: string;
  design: SampleDesign;
  seed: string;
  populationSize: number;
  createdAt: Date;
  createdBy: string;
  strata: { key: string; label: string; populationSize: number; drawnSize: number; weight: number | null }[];
  // queue: where the round's episodes not verified yet went, with how many (the rest were verified already).
  rounds: { round: number; size: number; targetHalfWidth: number | null; createdAt: Date; createdBy: string; queue: { id: string; name: string; queued: number } | null }[];
  predictor: PredictorOption;
  estimate: SampleEstimate;
  queuePlan: PlanStratum[];
  drawn: SampledEpisode[];
  unsureInSample: number;
  outsideSample: { id: string; episode: string; goal: string; human: boolean }[];
  addedAfterDraw: number;
};

/** The predictor a request asks for (absent: the automatic outcome); a key the run does not offer is refused. */
async function predictorFor(db: Db, projectId: string, runId: string, requested: unknown): Promise<PredictorOption> {
  if (requested === undefined || requested === AUTOMATIC_PREDICTOR.key) return AUTOMATIC_PREDICTOR;
  const read = readPredictor(await runPredictorOptions(db, projectId, runId), requested);
  if (!read.ok) throw read.error;
  return read.option;
}

export async function loadRunSample(db: Db, projectId: string, runId: string, requestedPredictor?: unknown): Promise<RunSample | null> {
  const sample = await db.verificationSample.findFirst({
    where: { projectId, runId },
    include: { strata: { orderBy: { key: "asc" } }, rounds: { orderBy: { round: "asc" } } },
  });
  if (!sample) return null;
  const predictor = await predictorFor(db, projectId, runId, requestedPredictor);
  const { predictor: p } = predictor;
  const judgeValues = p.kind === "judge" ? await judgeValuesOnRun(db, projectId, runId, p) : new Map<string, boolean>();
  const units = await db.verificationUnit.findMany({
    where: { sampleId: sample.id },
    orderBy: [{ round: "asc" }, { rank: "asc" }, { stratumKey: "asc" }],
    select: { stratumKey: true, rank: true, round: true, trajectory: { select: { id: true, sourceId: true, goal: true, autoOutcome: true, status: true, humanVerdict: true } } },
  });
  const inPopulation = new Set(units.map((u) => u.trajectory.id));
  const [others, people, queues] = await Promise.all([
    db.trajectory.findMany({ where: { projectId, runId }, select: { id: true, sourceId: true, goal: true, status: true, humanVerdict: true }, orderBy: { sourceId: "asc" } }),
    db.user.findMany({ where: { id: { in: [sample.createdById, ...sample.rounds.map((r) => r.createdById)] } }, select: { id: true, name: true } }),
    db.queue.findMany({
      where: { projectId, id: { in: sample.rounds.flatMap((r) => (r.queueId ? [r.queueId] : [])) } },
      select: { id: true, name: true, _count: { select: { items: { where: { isHoneypot: false } } } } },
    }),
  ]);
  const nameOf = (id: string) => people.find((p) => p.id === id)?.name ?? "a former member";
  const labels = new Map(sample.strata.map((s) => [s.key, s.label]));

  const strataKeys = sample.strata.map((s) => s.key);
  const unitsWith = (predictedBy: typeof p) =>
    units.map((u) => ({ stratumKey: u.stratumKey, drawn: u.round !== null, automatic: predictedOutcome(predictedBy, u.trajectory, judgeValues), human: humanOutcomeOf(u.trajectory) }));
  const estimate = sampleEstimate(unitsWith(p), strataKeys);
  const queuePlan = p.kind === "automatic" ? estimate.plan : sampleEstimate(unitsWith(AUTOMATIC_PREDICTOR.predictor), strataKeys).plan;
  const drawn = units.flatMap((u) =>
    u.round === null
      ? []
      : [{
          id: u.trajectory.id,
          episode: u.trajectory.sourceId,
          goal: u.trajectory.goal,
          stratum: labels.get(u.stratumKey) ?? u.stratumKey,
          round: u.round,
          automatic: u.trajectory.autoOutcome,
          predicted: predictedOutcome(p, u.trajectory, judgeValues),
          human: humanOutcomeOf(u.trajectory),
          verdict: u.trajectory.status === "verified" ? u.trajectory.humanVerdict : null,
        }],
  );
  const drawnIds = new Set(drawn.map((d) => d.id));
  return {
    id: sample.id,
    design: sample.design as SampleDesign,
    seed: sample.seed,
    populationSize: sample.populationSize,
    createdAt: sample.createdAt,
    createdBy: nameOf(sample.createdById),
    strata: sample.strata.map((s) => ({ key: s.key, label: s.label, populationSize: s.populationSize, drawnSize: s.drawnSize, weight: s.weight })),
    rounds: sample.rounds.map((r) => {
      const queue = queues.find((q) => q.id === r.queueId);
      return { round: r.round, size: r.size, targetHalfWidth: r.targetHalfWidth, createdAt: r.createdAt, createdBy: nameOf(r.createdById), queue: queue ? { id: queue.id, name: queue.name, queued: queue._count.items } : null };
    }),
    predictor,
    estimate,
    queuePlan,
    drawn,
    unsureInSample: drawn.filter((d) => d.verdict === "unsure").length,
    outsideSample: others.flatMap((t) => {
      const human = humanOutcomeOf(t);
      return human === null || drawnIds.has(t.id) ? [] : [{ id: t.id, episode: t.sourceId, goal: t.goal, human }];
    }),
    addedAfterDraw: others.filter((t) => !inPopulation.has(t.id)).length,
  };
}
