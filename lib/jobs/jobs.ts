import "server-only";
// Job rows: imports and exports run as jobs whose progress the UI polls. A job is claimed by
// one conditional update (queued, or running with an expired lock -> running, locked by me),
// so several workers never run one job twice, and a crashed worker's job is taken over once
// its lock expires. Projects share the workers fairly: the next job is the oldest of the
// waiting project with the fewest jobs running that was served least recently (not the oldest
// job overall, which let one project's backlog delay everyone), and a project may have at most
// VERITY_MAX_QUEUED_JOBS jobs waiting.
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { saidError } from "@/lib/errors/said-error";
import type { Prisma } from "@/lib/generated/sqlite/client";

export const JOB_LOCK_MS = 60_000;
export const WORKER_ID = `${process.pid}-${randomBytes(4).toString("hex")}`;

export type JobKind = "import" | "export" | "rederive" | "model_run";
/** What runs a claimed job of one kind (lib/worker/job-handlers.ts has one for each kind). */
export type JobHandler = (db: Db, jobId: string) => Promise<void>;

// claimedBy: a job run in the foreground (the CLI) is created already held by its process, so
// that no worker polling the same database can claim it first.
// The cap on waiting jobs is for work people queue; a re-derivation is the system's own (one
// waiting per project at most, see queueRederive) and must never be refused by a busy queue.
export async function createJob(db: Pick<Db, "job">, input: { projectId: string; kind: JobKind; params: Prisma.InputJsonValue; createdById: string | null; total?: number | null; claimedBy?: string }) {
  if (!input.claimedBy && input.kind !== "rederive") await assertCanQueue(db, input.projectId);
  const held = input.claimedBy
    ? { status: "running", lockedBy: input.claimedBy, lockedUntil: new Date(Date.now() + jobLockMs()), startedAt: new Date(), attempts: 1 }
    : {};
  return db.job.create({
    data: { projectId: input.projectId, kind: input.kind, params: input.params, createdById: input.createdById, total: input.total ?? null, ...held },
  });
}

/** Refuses (429) a new waiting job of a project that has VERITY_MAX_QUEUED_JOBS waiting already. */
export async function assertCanQueue(db: Pick<Db, "job">, projectId: string): Promise<void> {
  const max = env().VERITY_MAX_QUEUED_JOBS;
  const waiting = await db.job.count({ where: { projectId, status: "queued" } });
  if (waiting >= max) {
    throw saidError("rate_limited", "checks.tooManyJobsWaiting", { waiting, max });
  }
}

/** How long a claim holds before another worker may take the job over (JOB_LOCK_MS unless VERITY_JOB_LOCK_MS). */
export function jobLockMs(): number {
  return env().VERITY_JOB_LOCK_MS;
}

/** Takes one specific job if nobody holds it. Returns false when another worker has it. */
export async function claimJob(db: Db, jobId: string, workerId = WORKER_ID): Promise<boolean> {
  const now = new Date();
  const { count } = await db.job.updateMany({
    where: { id: jobId, OR: [{ status: "queued" }, { status: "running", lockedUntil: { lt: now } }] },
    data: { status: "running", lockedBy: workerId, lockedUntil: new Date(now.getTime() + jobLockMs()), startedAt: now, attempts: { increment: 1 } },
  });
  return count === 1;
}

const claimable = (kinds: string[] | undefined, now: Date) => ({
  ...(kinds ? { kind: { in: kinds } } : {}),
  OR: [{ status: "queued" }, { status: "running", lockedUntil: { lt: now } }],
});

/** The waiting projects in the order they are served (see the header); `null` for jobs of no project. */
async function projectsInTurn(db: Db, kinds: string[] | undefined, exceptProjects: readonly string[], now: Date): Promise<(string | null)[]> {
  const waiting = await db.job.groupBy({ by: ["projectId"], where: claimable(kinds, now), _min: { createdAt: true } });
  const candidates = waiting.filter((w) => w.projectId === null || !exceptProjects.includes(w.projectId));
  if (candidates.length <= 1) return candidates.map((c) => c.projectId);
  const ids = candidates.map((c) => c.projectId).filter((id): id is string => id !== null);
  const [running, served] = await Promise.all([
    db.job.groupBy({ by: ["projectId"], where: { projectId: { in: ids }, status: "running", lockedUntil: { gte: now } }, _count: { _all: true } }),
    db.job.groupBy({ by: ["projectId"], where: { projectId: { in: ids }, startedAt: { not: null } }, _max: { startedAt: true } }),
  ]);
  const runningOf = new Map(running.map((r) => [r.projectId, r._count._all]));
  const servedAt = new Map(served.map((r) => [r.projectId, r._max.startedAt?.getTime() ?? 0]));
  const key = (c: (typeof candidates)[number]) => [runningOf.get(c.projectId) ?? 0, servedAt.get(c.projectId) ?? 0, c._min.createdAt?.getTime() ?? 0];
  return [...candidates]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    })
    .map((c) => c.projectId);
}

/**
 * Takes the next job that is waiting or abandoned, of the given kinds (default: any), from the
 * project whose turn it is; `exceptProjects`: projects this worker is already running a job of.
 */
export async function claimNextJob(db: Db, workerId = WORKER_ID, kinds?: string[], options: { exceptProjects?: readonly string[] } = {}) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = new Date();
    const order = await projectsInTurn(db, kinds, options.exceptProjects ?? [], now);
    if (order.length === 0) return null;
    for (const projectId of order) {
      const candidate = await db.job.findFirst({ where: { ...claimable(kinds, now), projectId }, orderBy: { createdAt: "asc" }, select: { id: true } });
      if (candidate && (await claimJob(db, candidate.id, workerId))) return db.job.findUniqueOrThrow({ where: { id: candidate.id } });
    }
  }
  return null;
}

export async function reportProgress(db: Db, jobId: string, processed: number, report: Prisma.InputJsonValue, workerId = WORKER_ID) {
  const job = await db.job.findUnique({ where: { id: jobId }, select: { total: true } });
  const progress = job?.total ? Math.min(0.99, processed / job.total) : 0;
  await db.job.updateMany({
    where: { id: jobId, lockedBy: workerId },
    data: { processed, progress, report, lockedUntil: new Date(Date.now() + jobLockMs()) },
  });
}

export async function finishJob(db: Db, jobId: string, outcome: { status: "succeeded" | "failed" | "cancelled"; report?: Prisma.InputJsonValue; error?: string }) {
  await db.job.update({
    where: { id: jobId },
    data: {
      status: outcome.status,
      report: outcome.report,
      error: outcome.error ?? null,
      progress: outcome.status === "succeeded" ? 1 : undefined,
      finishedAt: new Date(),
      lockedBy: null,
      lockedUntil: null,
    },
  });
}

export async function isCancelRequested(db: Db, jobId: string): Promise<boolean> {
  const job = await db.job.findUnique({ where: { id: jobId }, select: { status: true } });
  return job?.status === "cancelled";
}
