import "server-only";
// Job rows: imports and exports run as jobs whose progress the UI polls. A job is claimed by
// one conditional update (queued, or running with an expired lock -> running, locked by me),
// so several workers never run one job twice, and a crashed worker's job is taken over once
// its lock expires.
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/sqlite/client";

export const JOB_LOCK_MS = 60_000;
export const WORKER_ID = `${process.pid}-${randomBytes(4).toString("hex")}`;

export type JobKind = "import" | "export" | "rederive";

// claimedBy: a job run in the foreground (the CLI) is created already held by its process, so
// that no worker polling the same database can claim it first.
export async function createJob(db: Pick<Db, "job">, input: { projectId: string; kind: JobKind; params: Prisma.InputJsonValue; createdById: string | null; total?: number | null; claimedBy?: string }) {
  const held = input.claimedBy
    ? { status: "running", lockedBy: input.claimedBy, lockedUntil: new Date(Date.now() + jobLockMs()), startedAt: new Date(), attempts: 1 }
    : {};
  return db.job.create({
    data: { projectId: input.projectId, kind: input.kind, params: input.params, createdById: input.createdById, total: input.total ?? null, ...held },
  });
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

/** Takes the oldest job that is waiting or abandoned, of the given kinds (default: any). */
export async function claimNextJob(db: Db, workerId = WORKER_ID, kinds?: string[]) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = await db.job.findFirst({
      where: { ...(kinds ? { kind: { in: kinds } } : {}), OR: [{ status: "queued" }, { status: "running", lockedUntil: { lt: new Date() } }] },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    if (!candidate) return null;
    if (await claimJob(db, candidate.id, workerId)) return db.job.findUniqueOrThrow({ where: { id: candidate.id } });
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
