import "server-only";
// The model runs of a project, newest first, a page at a time, each with its current job's
// state and who started it; and one run with everything its page shows above the items.
import type { Db } from "@/lib/db";
import { isRowId } from "@/lib/ids/row-id-shape";
import { JOB_STATE, runProgressOf } from "@/lib/models/runs/run-progress";

export const RUNS_PAGE_SIZE = 50;

async function peopleById(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const users = wanted.length ? await db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true, email: true } }) : [];
  return new Map(users.map((u) => [u.id, u]));
}

/** A page of runs, newest first; `after` is the id of the last run of the previous page. */
export async function listModelRuns(db: Db, projectId: string, after?: string) {
  const cursor = after && isRowId(after) ? await db.modelRun.findFirst({ where: { id: after, projectId }, select: { id: true } }) : null;
  const rows = await db.modelRun.findMany({
    where: { projectId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RUNS_PAGE_SIZE + 1,
    ...(cursor ? { cursor: { id: cursor.id }, skip: 1 } : {}),
    select: {
      id: true, jobId: true, outputName: true, task: true, connectionId: true, connectionName: true, model: true, templateId: true, templateVersion: true,
      k: true, temperature: true, total: true, done: true, failed: true, requests: true, cacheHits: true, promptTokens: true, completionTokens: true,
      createdById: true, createdAt: true,
    },
  });
  const page = rows.slice(0, RUNS_PAGE_SIZE);
  const [jobs, people] = await Promise.all([
    db.job.findMany({ where: { id: { in: page.map((r) => r.jobId) } }, select: JOB_STATE }),
    peopleById(db, page.map((r) => r.createdById)),
  ]);
  const jobOf = new Map(jobs.map((j) => [j.id, j]));
  return {
    runs: page.map((run) => ({ ...run, progress: runProgressOf(run, jobOf.get(run.jobId) ?? null), startedBy: run.createdById ? (people.get(run.createdById) ?? null) : null })),
    nextAfter: rows.length > RUNS_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}
export type ModelRunRow = Awaited<ReturnType<typeof listModelRuns>>["runs"][number];

/** One run of this project with its job's progress, who started it and the queue its scope names; null if there is none. */
export async function loadModelRun(db: Db, projectId: string, runId: string) {
  if (!isRowId(runId)) return null;
  const run = await db.modelRun.findFirst({ where: { id: runId, projectId } });
  if (!run) return null;
  const scope = run.scope as { kind?: string; queueId?: string; filter?: Record<string, string> } | null;
  const [job, people, connection, queue, evaluationRun] = await Promise.all([
    db.job.findUnique({ where: { id: run.jobId }, select: JOB_STATE }),
    peopleById(db, [run.createdById]),
    run.connectionId ? db.modelConnection.findFirst({ where: { id: run.connectionId, projectId }, select: { id: true } }) : null,
    scope?.kind === "queue" && scope.queueId ? db.queue.findFirst({ where: { id: scope.queueId, projectId }, select: { name: true } }) : null,
    // A trajectory filter names an evaluation run by id; its words use the run's name.
    scope?.kind === "filter" && scope.filter?.run && isRowId(scope.filter.run) ? db.evaluationRun.findFirst({ where: { id: scope.filter.run, projectId }, select: { id: true, name: true } }) : null,
  ]);
  return {
    run,
    progress: runProgressOf(run, job),
    startedBy: run.createdById ? (people.get(run.createdById) ?? null) : null,
    connectionExists: connection !== null,
    queueName: queue?.name ?? null,
    runNames: evaluationRun ? { [evaluationRun.id]: evaluationRun.name } : {},
  };
}
export type LoadedModelRun = NonNullable<Awaited<ReturnType<typeof loadModelRun>>>;
