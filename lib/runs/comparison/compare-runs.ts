import "server-only";
// Two runs over the same tasks (two checkpoints, before and after merging), episode by episode.
// Tasks are matched by episode id without the run's name (lib/domain/estimates/task-key.ts) or
// by goal; a task with more than one episode in a run cannot be paired and is counted apart.
// For the matched tasks:
//  - verified pairs (both episodes verified): the difference in success rates (first minus
//    second) with Newcombe's paired interval; valid when which pairs were verified does not
//    depend on their outcomes (everything verified, or both runs' uniform samples);
//  - when both runs have uniform samples: the prediction-powered difference, from the
//    automatic outcomes of every matched task and the tasks both samples drew and verified
//    (lib/domain/estimates/ppi.ts on the per-task differences); the tasks in both samples are
//    a uniform random part of the matched ones, whatever the two seeds;
//  - the discordant tasks: verified outcomes that differ, or, where not both are verified,
//    automatic outcomes that differ, each with its last screenshot.
// Every outcome is a stored derived value. Reviewers only: it shows verified outcomes.
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { newcombePaired, type PairedDifference } from "@/lib/domain/estimates/paired-proportions";
import { ppiEstimate, type PpiOutcome } from "@/lib/domain/estimates/ppi";
import { taskKeyOf, type TaskMatch } from "@/lib/domain/estimates/task-key";
import { humanOutcomeOf } from "@/lib/runs/sampling/human-outcome";

export type ComparedEpisode = {
  id: string;
  episode: string;
  automatic: boolean | null;
  human: boolean | null;
  sampled: boolean; // drawn by the run's uniform sample
  screenshot: { mediaId: string; width: number; height: number } | null; // the last step's
};

export type ComparedTask = { task: string; goal: string; first: ComparedEpisode; second: ComparedEpisode; discordant: "verified" | "automatic" | null };

export type RunSummary = { id: string; name: string; benchmark: string; model: string | null; episodes: number; sampleDesign: string | null };

export type RunComparison = {
  first: RunSummary;
  second: RunSummary;
  match: TaskMatch;
  tasks: ComparedTask[];
  onlyFirst: number;
  onlySecond: number;
  ambiguous: { first: number; second: number }; // tasks with several episodes in a run
  automatic: { first: number; second: number; difference: number } | null;
  verifiedPairs: PairedDifference | null;
  sampled: { outcome: PpiOutcome; matched: number; bothSampled: number } | null;
  /** Why the sampled version is not shown, when it is not. */
  sampledMissing: string | null;
};

async function runEpisodes(db: Db, projectId: string, runId: string) {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId }, select: { id: true, name: true, benchmark: true, model: true, verificationSample: { select: { id: true, design: true } } } });
  if (!run) throw saidError("not_found", "checks.noSuchRun");
  const rows = await db.trajectory.findMany({
    where: { projectId, runId },
    orderBy: { sourceId: "asc" },
    select: {
      id: true, sourceId: true, goal: true, autoOutcome: true, status: true, humanVerdict: true,
      steps: { orderBy: { index: "desc" }, where: { mediaId: { not: null } }, take: 1, select: { media: { select: { id: true, width: true, height: true } } } },
      verificationUnits: { where: { round: { not: null } }, select: { sampleId: true } },
    },
  });
  return { run, rows };
}

export async function compareRuns(db: Db, projectId: string, firstId: string, secondId: string, match: TaskMatch): Promise<RunComparison> {
  if (firstId === secondId) throw saidError("invalid_input", "checks.pickTwoRuns");
  const [a, b] = await Promise.all([runEpisodes(db, projectId, firstId), runEpisodes(db, projectId, secondId)]);
  const uniformSample = (r: typeof a) => (r.run.verificationSample?.design === "uniform" ? r.run.verificationSample.id : null);

  const byTask = (r: typeof a) => {
    const map = new Map<string, typeof a.rows>();
    for (const row of r.rows) {
      const key = taskKeyOf(row, r.run.name, match);
      map.set(key, [...(map.get(key) ?? []), row]);
    }
    return map;
  };
  const episode = (r: typeof a, row: (typeof a.rows)[number]): ComparedEpisode => {
    const media = row.steps[0]?.media ?? null;
    const sampleId = uniformSample(r);
    return {
      id: row.id, episode: row.sourceId, automatic: row.autoOutcome, human: humanOutcomeOf(row),
      sampled: sampleId !== null && row.verificationUnits.some((u) => u.sampleId === sampleId),
      screenshot: media ? { mediaId: media.id, width: media.width, height: media.height } : null,
    };
  };
  const firstTasks = byTask(a);
  const secondTasks = byTask(b);
  const ambiguous = { first: [...firstTasks.values()].filter((l) => l.length > 1).length, second: [...secondTasks.values()].filter((l) => l.length > 1).length };
  const tasks: ComparedTask[] = [];
  for (const [task, rows] of firstTasks) {
    const other = secondTasks.get(task);
    if (rows.length !== 1 || other?.length !== 1) continue;
    const first = episode(a, rows[0]!);
    const second = episode(b, other[0]!);
    const bothVerified = first.human !== null && second.human !== null;
    const discordant = bothVerified
      ? first.human !== second.human ? "verified" : null
      : first.automatic !== null && second.automatic !== null && first.automatic !== second.automatic ? "automatic" : null;
    tasks.push({ task, goal: rows[0]!.goal, first, second, discordant });
  }
  tasks.sort((x, y) => x.task.localeCompare(y.task));

  const pairs = tasks.filter((t) => t.first.human !== null && t.second.human !== null);
  const count = (fa: boolean, fb: boolean) => pairs.filter((t) => t.first.human === fa && t.second.human === fb).length;
  const verifiedPairs = newcombePaired({ both: count(true, true), onlyFirst: count(true, false), onlySecond: count(false, true), neither: count(false, false) });

  const f = (v: boolean | null) => (v ? 1 : 0);
  let sampled: RunComparison["sampled"] = null;
  let sampledMissing: string | null = null;
  if (!uniformSample(a) || !uniformSample(b)) {
    sampledMissing = "The prediction-powered difference needs a uniform sample in both runs.";
  } else if (tasks.length === 0) {
    sampledMissing = "No task is in both runs.";
  } else {
    const both = tasks.filter((t) => t.first.sampled && t.second.sampled && t.first.human !== null && t.second.human !== null);
    const diffs = tasks.map((t) => f(t.first.automatic) - f(t.second.automatic));
    const outcome = ppiEstimate(
      [{
        key: "all",
        populationSize: tasks.length,
        automaticSum: diffs.reduce((s, v) => s + v, 0),
        automaticSquares: diffs.reduce((s, v) => s + v * v, 0),
        verified: both.map((t) => ({ automatic: f(t.first.automatic) - f(t.second.automatic), human: f(t.first.human) - f(t.second.human) })),
      }],
      { min: -1, max: 1 },
    );
    sampled = { outcome, matched: tasks.length, bothSampled: both.length };
  }

  const rate = (list: ComparedEpisode[]) => list.filter((e) => e.automatic === true).length / list.length;
  return {
    first: { id: a.run.id, name: a.run.name, benchmark: a.run.benchmark, model: a.run.model, episodes: a.rows.length, sampleDesign: a.run.verificationSample?.design ?? null },
    second: { id: b.run.id, name: b.run.name, benchmark: b.run.benchmark, model: b.run.model, episodes: b.rows.length, sampleDesign: b.run.verificationSample?.design ?? null },
    match,
    tasks,
    onlyFirst: [...firstTasks.keys()].filter((k) => !secondTasks.has(k)).length,
    onlySecond: [...secondTasks.keys()].filter((k) => !firstTasks.has(k)).length,
    ambiguous,
    automatic: tasks.length ? { first: rate(tasks.map((t) => t.first)), second: rate(tasks.map((t) => t.second)), difference: rate(tasks.map((t) => t.first)) - rate(tasks.map((t) => t.second)) } : null,
    verifiedPairs,
    sampled,
    sampledMissing,
  };
}
