import "server-only";
// Runs one job this worker holds: renews its lock while the handler works (so a slow step,
// such as counting a large file's records, never lets another worker take it over), and ends
// it as failed with the error's message if the handler throws before ending it. Used by the
// worker loop and by CLI commands that run their job in the foreground. The person who queued
// it must still be allowed to (lib/jobs/creator-access.ts) when it starts.
import type { Db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { extendJobLock, finishJobIfHeld } from "@/lib/jobs/job-lease";
import { jobLockMs, type JobHandler } from "@/lib/jobs/jobs";
import { assertCreatorMayRun } from "@/lib/jobs/creator-access";

export async function runHeldJob(
  db: Db,
  job: { id: string; kind: string },
  workerId: string,
  handler: JobHandler,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  // Renewed at a third of the lock, well before it runs out.
  const heartbeat = setInterval(() => {
    extendJobLock(db, job.id, workerId)
      .then((held) => held || log(`job ${job.id}: no longer held by this worker (taken over, cancelled or ended)`))
      .catch((error: unknown) => log(`job ${job.id}: could not renew its lock: ${String(error)}`));
  }, Math.max(100, Math.floor(jobLockMs() / 3)));
  try {
    await assertCreatorMayRun(db, await db.job.findUniqueOrThrow({ where: { id: job.id }, select: { createdById: true, projectId: true } }));
    await handler(db, job.id);
    // Handlers end their jobs themselves; this only catches one that returned without doing so.
    await finishJobIfHeld(db, job.id, workerId, { status: "succeeded" });
  } catch (error) {
    const message = isAppError(error) ? error.message : `The ${job.kind} job failed: ${error instanceof Error ? error.message : String(error)}`;
    await finishJobIfHeld(db, job.id, workerId, { status: "failed", error: message }).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
