import "server-only";
// The worker loop inside the app process: the default (VERITY_WORKER=in-process), so one
// `npm start` runs imports and exports without a second process. With VERITY_WORKER=external
// the app only queues jobs and `npm run worker` processes run them. Started by
// instrumentation.ts when the server starts (to resume jobs queued or abandoned while it was
// down), and again, idempotently, whenever this process queues a job.
import { db } from "@/lib/db";
import { ensureDerivationCurrent } from "@/lib/derived/rederive-job";
import { env } from "@/lib/env";
import { JOB_HANDLERS } from "@/lib/worker/job-handlers";
import { startWorkerLoop, type WorkerLoop } from "@/lib/jobs/worker-loop";

// On globalThis: Next.js bundles this module more than once, and one process wants one loop.
const globalForWorker = globalThis as unknown as { verityInProcessWorker?: WorkerLoop };

export function ensureInProcessWorker(): WorkerLoop | null {
  const e = env();
  if (e.VERITY_WORKER === "external" || e.NEXT_PHASE === "phase-production-build") return null;
  if (!globalForWorker.verityInProcessWorker) {
    // Values derived by older code are recomputed by a job this loop then runs.
    ensureDerivationCurrent(db()).catch((error: unknown) => console.error(`[jobs] could not check the derived values: ${String(error)}`));
  }
  globalForWorker.verityInProcessWorker ??= startWorkerLoop({
    db: db(),
    handlers: JOB_HANDLERS,
    log: (line) => console.log(`[jobs] ${line}`),
  });
  return globalForWorker.verityInProcessWorker;
}

/** Call after queueing a job: the in-process worker starts it now rather than at its next poll. */
export function notifyJobQueued(): void {
  ensureInProcessWorker()?.wake();
}
