import "server-only";
// Where a model run stands, for its page and the page's live poll: the run row's counts (what
// was written) and its current job's report (the worker's live figures: speed, time left, slots
// held, errors by kind, why it stopped). While the job is queued or running the report is the
// fresher of the two (it counts every request as it is answered); once it has ended, the run
// row is the record.
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isRowId } from "@/lib/ids/row-id-shape";
import type { RunReport } from "@/lib/models/runs/model-run-job";

export const ACTIVE_JOB_STATES: ReadonlySet<string> = new Set(["queued", "running"]);

export type RunProgressView = {
  runId: string;
  jobId: string;
  /** The current job's status (queued | running | succeeded | failed | cancelled), "missing" if the job row is gone. */
  status: string;
  total: number;
  done: number;
  failed: number;
  pending: number;
  requests: number;
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  itemsPerSecond: number | null;
  etaSeconds: number | null;
  slots: number;
  errors: Record<string, number>;
  changedUnderOverride: number;
  /** Why the current job ended early: "cancelled", or the server's words. */
  stoppedBecause: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};

type RunCounts = { id: string; jobId: string; total: number; done: number; failed: number; requests: number; cacheHits: number; promptTokens: number; completionTokens: number };
type JobState = { status: string; report: unknown; error: string | null; startedAt: Date | null; finishedAt: Date | null } | null;

const isReport = (value: unknown): value is Partial<RunReport> => typeof value === "object" && value !== null && !Array.isArray(value);
const count = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);

/** The run's progress from its row and its current job. Pure. */
export function runProgressOf(run: RunCounts, job: JobState): RunProgressView {
  const status = job?.status ?? "missing";
  const report = isReport(job?.report) ? job.report : null;
  const live = ACTIVE_JOB_STATES.has(status) && report !== null;
  const pick = (key: "done" | "failed" | "requests" | "cacheHits" | "promptTokens" | "completionTokens") => (live ? Math.max(count(report[key], run[key]), run[key]) : run[key]);
  const done = pick("done");
  const failed = pick("failed");
  const errors: Record<string, number> = {};
  for (const [kind, n] of Object.entries(report?.errors ?? {})) if (typeof n === "number" && n > 0) errors[kind] = n;
  return {
    runId: run.id,
    jobId: run.jobId,
    status,
    total: run.total,
    done,
    failed,
    pending: Math.max(0, run.total - done - failed),
    requests: pick("requests"),
    cacheHits: pick("cacheHits"),
    promptTokens: pick("promptTokens"),
    completionTokens: pick("completionTokens"),
    itemsPerSecond: live ? (report.itemsPerSecond ?? null) : null,
    etaSeconds: live ? (report.etaSeconds ?? null) : null,
    slots: live ? count(report.slots, 0) : 0,
    errors,
    changedUnderOverride: count(report?.changedUnderOverride, 0),
    stoppedBecause: report?.stoppedBecause ?? (status === "failed" ? (job?.error ?? null) : status === "cancelled" ? "cancelled" : null),
    startedAt: job?.startedAt?.toISOString() ?? null,
    finishedAt: job?.finishedAt?.toISOString() ?? null,
  };
}

const RUN_COUNTS = { id: true, jobId: true, total: true, done: true, failed: true, requests: true, cacheHits: true, promptTokens: true, completionTokens: true } as const;
export const JOB_STATE = { id: true, status: true, report: true, error: true, startedAt: true, finishedAt: true } as const;

/** The progress of one run of this project (what the run page polls). */
export async function modelRunProgress(db: Db, projectId: string, runId: string): Promise<RunProgressView> {
  const run = isRowId(runId) ? await db.modelRun.findFirst({ where: { id: runId, projectId }, select: RUN_COUNTS }) : null;
  if (!run) throw new AppError("not_found", "no such model run in this project");
  const job = await db.job.findUnique({ where: { id: run.jobId }, select: JOB_STATE });
  return runProgressOf(run, job);
}
