import "server-only";
// What a worker does with the lock of a job it holds: renew it while the job runs (so a long
// job is not taken over), end the job only if it is still its own, and hand it back early on
// shutdown. Every write is conditional on lockedBy = this worker: a worker whose lock expired
// and was taken over can no longer touch the job.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { jobLockMs } from "@/lib/jobs/jobs";

const heldBy = (jobId: string, workerId: string) => ({ id: jobId, status: "running", lockedBy: workerId });

/** Renews the lock; false when the job is no longer this worker's (taken over, cancelled, ended). */
export async function extendJobLock(db: Db, jobId: string, workerId: string): Promise<boolean> {
  const { count } = await db.job.updateMany({ where: heldBy(jobId, workerId), data: { lockedUntil: new Date(Date.now() + jobLockMs()) } });
  return count === 1;
}

/** Ends a job the handler left running (it normally ends its job itself). */
export async function finishJobIfHeld(
  db: Db,
  jobId: string,
  workerId: string,
  outcome: { status: "succeeded" | "failed"; error?: string; report?: Prisma.InputJsonValue },
): Promise<boolean> {
  const { count } = await db.job.updateMany({
    where: heldBy(jobId, workerId),
    data: {
      status: outcome.status,
      error: outcome.error ?? null,
      report: outcome.report,
      progress: outcome.status === "succeeded" ? 1 : undefined,
      finishedAt: new Date(),
      lockedBy: null,
      lockedUntil: null,
    },
  });
  return count === 1;
}

/**
 * Expires the lock now, so another worker takes the job over at once instead of after the
 * lock. A claim that never started its job puts it back in the queue, not counted as an attempt.
 */
export async function releaseJob(db: Db, jobId: string, workerId: string, { started }: { started: boolean }): Promise<void> {
  await db.job.updateMany({
    where: heldBy(jobId, workerId),
    data: { lockedBy: null, lockedUntil: new Date(Date.now() - 1), ...(started ? {} : { status: "queued", attempts: { decrement: 1 } }) },
  });
}
