import "server-only";
// An AndroidLab run's own leaderboard figures, reproduced from what was imported and
// corrected by the verified answers, beside the evaluator's files: per task (complete, partial
// credit, RRR, reasonable_operation_ratio), per app (total.jsonl) and overall (output.xlsx).
// It only reads stored values: each episode's metrics are derived once
// (Trajectory.benchmarkMetrics, lib/domain/androidlab-episode-metrics.ts) and added up here
// (androidlab-totals.ts). Where the reproduction differs from the files, each difference is
// listed with its task. Reviewers only: the corrected figures rest on verified answers.
import type { Db } from "@/lib/db";
import type { AndroidLabEpisodeMetrics } from "@/lib/domain/androidlab-episode-metrics";
import { wilsonInterval, type WilsonInterval } from "@/lib/domain/wilson";
import { appTotals, outputRow, TOTAL_KEYS, type AndroidLabTask, type AppTotal } from "@/lib/benchmarks/androidlab-totals";
import { reviewersOf, type VerifiedBy } from "@/lib/benchmarks/verified-by";

export type AndroidLabTaskRow = {
  trajectoryId: string;
  episode: string;
  taskId: string;
  task: string;
  metricType: string;
  /** The results.jsonl line the task came from (the order Python added in). */
  line: number;
  file: { complete: boolean | null; rrr: number | null; ror: number | null };
  metrics: AndroidLabEpisodeMetrics;
  verifiedBy: VerifiedBy | null;
};

export type Difference = { taskId: string | null; figure: string; file: unknown; reproduced: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));

function taskDifferences(t: AndroidLabTaskRow): Difference[] {
  const out: Difference[] = [];
  const o = t.metrics.original;
  if (t.file.complete !== null && t.file.complete !== o.complete) out.push({ taskId: t.taskId, figure: "complete", file: t.file.complete, reproduced: o.complete });
  const rrr = o.rrr?.value ?? null;
  if ((t.file.rrr === null) !== (rrr === null) || (t.file.rrr !== null && rrr !== null && !close(t.file.rrr, rrr))) out.push({ taskId: t.taskId, figure: "RRR", file: t.file.rrr, reproduced: rrr });
  if (t.file.ror !== null && !close(t.file.ror, o.ror.value)) out.push({ taskId: t.taskId, figure: "reasonable_operation_ratio", file: t.file.ror, reproduced: o.ror.value });
  return out;
}

function totalDifferences(fileTotals: unknown[], reproduced: AppTotal[]): Difference[] {
  const out: Difference[] = [];
  // No total.jsonl in the import: nothing to compare the per-app lines with.
  if (fileTotals.length === 0) return out;
  for (const ours of reproduced) {
    const theirs = fileTotals.find((t): t is Record<string, unknown> => isObject(t) && t.App === ours.App);
    if (!theirs) {
      out.push({ taskId: null, figure: `total.jsonl ${ours.App}`, file: null, reproduced: "a line for this app" });
      continue;
    }
    for (const key of TOTAL_KEYS) {
      if (key === "App" || !(key in theirs)) continue;
      const value = ours[key].value;
      if (typeof theirs[key] !== "number" || !close(theirs[key] as number, value)) out.push({ taskId: null, figure: `total.jsonl ${ours.App}.${key}`, file: theirs[key], reproduced: value });
    }
  }
  return out;
}

type Rate = { successes: number; n: number; interval: WilsonInterval | null };
const rate = (successes: number, n: number): Rate => ({ successes, n, interval: n ? wilsonInterval(successes, n) : null });

export async function loadAndroidLabReport(db: Db, projectId: string, runId: string) {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId } });
  if (!run || run.benchmark !== "androidlab") return null;
  const rows = await db.trajectory.findMany({
    where: { projectId, runId },
    select: { id: true, sourceId: true, extra: true, benchmarkMetrics: true, finalAnswerId: true, humanVerdict: true, verifiedAt: true, autoOutcome: true },
  });
  const reviewers = await reviewersOf(db, projectId, rows);
  const tasks: AndroidLabTaskRow[] = [];
  const withoutResults: string[] = [];
  for (const r of rows) {
    const extra = isObject(r.extra) ? r.extra : {};
    const metrics = isObject(r.benchmarkMetrics) && r.benchmarkMetrics.benchmark === "androidlab" ? (r.benchmarkMetrics as unknown as AndroidLabEpisodeMetrics) : null;
    if (!metrics) {
      withoutResults.push(r.sourceId);
      continue;
    }
    const source = isObject(extra.resultSource) ? extra.resultSource : {};
    tasks.push({
      trajectoryId: r.id,
      episode: r.sourceId,
      taskId: String(extra.taskId ?? r.sourceId),
      task: typeof extra.resultTask === "string" ? extra.resultTask : "",
      metricType: typeof extra.metricType === "string" ? extra.metricType : "",
      line: typeof source.line === "number" ? source.line : Number.MAX_SAFE_INTEGER,
      file: {
        complete: r.autoOutcome,
        rrr: typeof extra.rrr === "number" ? extra.rrr : null,
        ror: typeof extra.reasonableOperationRatio === "number" ? extra.reasonableOperationRatio : null,
      },
      metrics,
      verifiedBy: reviewers.get(r.id) ?? null,
    });
  }
  tasks.sort((a, b) => a.line - b.line || (a.taskId < b.taskId ? -1 : 1));
  const as = (which: "original" | "corrected"): AndroidLabTask[] => tasks.map((t) => ({ taskId: t.taskId, metrics: t.metrics[which] }));
  const original = appTotals(as("original"));
  const corrected = appTotals(as("corrected"));
  const meta = isObject(run.meta) ? run.meta : {};
  const fileTotals = Array.isArray(meta.total) ? meta.total : [];
  const verified = tasks.filter((t) => t.verifiedBy !== null);
  return {
    run: { id: run.id, name: run.name, model: run.model, groundTruthFile: typeof meta.groundTruthFile === "string" ? meta.groundTruthFile : null },
    tasks,
    withoutResults,
    original,
    corrected,
    fileTotals,
    overall: { original: outputRow(run.name, original), corrected: outputRow(run.name, corrected) },
    successRate: {
      original: rate(tasks.filter((t) => t.metrics.original.complete).length, tasks.length),
      corrected: rate(tasks.filter((t) => t.metrics.corrected.complete).length, tasks.length),
      // Only what a reviewer looked at: the verified episodes' own rate.
      verifiedOnly: rate(verified.filter((t) => t.metrics.corrected.complete).length, verified.length),
    },
    verifiedCount: verified.length,
    differences: [...tasks.flatMap(taskDifferences), ...totalDifferences(fileTotals, original)],
    changed: tasks.filter((t) => t.metrics.changed.length > 0),
  };
}

export type AndroidLabReport = NonNullable<Awaited<ReturnType<typeof loadAndroidLabReport>>>;
