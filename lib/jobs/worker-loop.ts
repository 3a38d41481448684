import "server-only";
// The job worker: claim the oldest waiting (or abandoned) job of a kind it has a handler for,
// run it while renewing its lock, poll with backoff when there is nothing to do. The claim is
// one conditional update (lib/jobs/jobs.ts), so any number of loops, in any number of
// processes, never run one job twice; a job whose worker died is taken over once its lock
// expires, and a job that keeps killing its workers is given up after MAX_ATTEMPTS.
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import type { JobHandler } from "@/lib/jobs/job-handlers";
import { finishJobIfHeld, releaseJob } from "@/lib/jobs/job-lease";
import { claimNextJob, WORKER_ID } from "@/lib/jobs/jobs";
import { runHeldJob } from "@/lib/jobs/run-held-job";

export const MAX_ATTEMPTS = 3;
const MIN_IDLE_MS = 100;

export type WorkerLoopOptions = {
  db: Db;
  handlers: Record<string, JobHandler>;
  /** Handlers report progress as WORKER_ID (lib/jobs/jobs.ts); other ids are for tests' own handlers. */
  workerId?: string;
  /** Longest pause between polls when idle (default VERITY_WORKER_POLL_MS). */
  maxIdleMs?: number;
  log?: (line: string) => void;
};

export type WorkerLoop = {
  /** Polls now (a job was just queued in this process). */
  wake(): void;
  /** Stops claiming; waits up to graceMs for the running job, then hands it back to other workers. */
  stop(graceMs?: number): Promise<void>;
  /** Settles when the loop has stopped. */
  finished: Promise<void>;
};

export function startWorkerLoop(options: WorkerLoopOptions): WorkerLoop {
  const { db, handlers } = options;
  const workerId = options.workerId ?? WORKER_ID;
  const maxIdleMs = options.maxIdleMs ?? env().VERITY_WORKER_POLL_MS;
  const log = options.log ?? (() => undefined);
  const kinds = Object.keys(handlers);
  let stopping = false;
  // A wake that arrives while the loop is busy is kept, so the next pause is skipped.
  let wokenEarly = false;
  let wakeUp: (() => void) | null = null;
  let current: { jobId: string; done: Promise<void> } | null = null;

  const wake = () => {
    if (wakeUp) wakeUp();
    else wokenEarly = true;
  };

  /** Resolves true when woken before the time ran out. */
  const pause = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (wokenEarly) {
        wokenEarly = false;
        return resolve(true);
      }
      const timer = setTimeout(() => finish(false), ms);
      function finish(woken: boolean) {
        clearTimeout(timer);
        wakeUp = null;
        resolve(woken);
      }
      wakeUp = () => finish(true);
    });

  async function runJob(job: { id: string; kind: string; attempts: number }): Promise<void> {
    if (job.attempts > MAX_ATTEMPTS) {
      await finishJobIfHeld(db, job.id, workerId, {
        status: "failed",
        error: `Given up after ${MAX_ATTEMPTS} attempts that each stopped without finishing (the worker crashed or was killed).`,
      });
      log(`job ${job.id} (${job.kind}) given up after ${MAX_ATTEMPTS} attempts`);
      return;
    }
    log(`job ${job.id} (${job.kind}) started, attempt ${job.attempts}`);
    try {
      await runHeldJob(db, job, workerId, handlers[job.kind]!, log);
      log(`job ${job.id} (${job.kind}) done`);
    } catch (error) {
      log(`job ${job.id} (${job.kind}) failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function loop(): Promise<void> {
    let idleMs = MIN_IDLE_MS;
    while (!stopping) {
      let job = null;
      try {
        job = await claimNextJob(db, workerId, kinds);
      } catch (error) {
        log(`could not look for jobs: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!job) {
        const woken = await pause(idleMs);
        idleMs = woken ? MIN_IDLE_MS : Math.min(idleMs * 2, maxIdleMs);
        continue;
      }
      idleMs = MIN_IDLE_MS;
      // stop() came while the claim was in flight: the job goes back untouched.
      if (stopping) {
        await releaseJob(db, job.id, workerId, { started: false });
        break;
      }
      const done = runJob(job);
      current = { jobId: job.id, done };
      await done;
      current = null;
    }
  }

  const finished = loop();
  return {
    wake,
    async stop(graceMs = 20_000) {
      stopping = true;
      wake();
      const running = current;
      if (running) {
        const inTime = await Promise.race([running.done.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), graceMs).unref())]);
        if (!inTime) {
          await releaseJob(db, running.jobId, workerId, { started: true });
          log(`job ${running.jobId} handed back unfinished; another worker resumes it`);
          return;
        }
      }
      await finished;
    },
    finished,
  };
}
