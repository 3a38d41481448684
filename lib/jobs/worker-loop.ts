import "server-only";
// The job worker: `concurrency` slots (VERITY_WORKER_CONCURRENCY), each claiming the next
// waiting (or abandoned) job of a kind it has a handler for, in the projects' turn
// (lib/jobs/jobs.ts), running it while renewing its lock, and polling with backoff when there
// is nothing to do. A slot never takes a job of a project another slot is running, so one
// project's backlog cannot occupy every slot while another project waits. The claim is one
// conditional update, so any number of loops, in any number of processes, never run one job
// twice; a job whose worker died is taken over once its lock expires, and a job that keeps
// killing its workers is given up after MAX_ATTEMPTS.
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { finishJobIfHeld, releaseJob } from "@/lib/jobs/job-lease";
import { claimNextJob, WORKER_ID, type JobHandler } from "@/lib/jobs/jobs";
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
  /** Jobs run at once (default VERITY_WORKER_CONCURRENCY). */
  concurrency?: number;
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
  const concurrency = options.concurrency ?? env().VERITY_WORKER_CONCURRENCY;
  const log = options.log ?? (() => undefined);
  const kinds = Object.keys(handlers);
  let stopping = false;
  // A wake that arrives while every slot is busy is kept, so the next pause is skipped.
  let wokenEarly = false;
  const sleepers = new Set<() => void>();
  const current = new Map<string, { done: Promise<void> }>();
  // Claims one at a time, so two slots never both pick the same project's turn.
  let claiming: Promise<unknown> = Promise.resolve();

  const wake = () => {
    if (sleepers.size === 0) wokenEarly = true;
    for (const wakeUp of [...sleepers]) wakeUp();
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
        sleepers.delete(wakeUp);
        resolve(woken);
      }
      const wakeUp = () => finish(true);
      sleepers.add(wakeUp);
    });

  // The projects of jobs claimed and not yet ended, known from the claim itself on.
  const busy = new Map<string, string | null>();
  const claim = () => {
    const next = claiming.then(async () => {
      const exceptProjects = [...busy.values()].filter((id): id is string => id !== null);
      const job = await claimNextJob(db, workerId, kinds, { exceptProjects });
      if (job) busy.set(job.id, job.projectId);
      return job;
    });
    claiming = next.catch(() => undefined);
    return next;
  };

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

  async function slot(): Promise<void> {
    let idleMs = MIN_IDLE_MS;
    while (!stopping) {
      let job = null;
      try {
        job = await claim();
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
        busy.delete(job.id);
        break;
      }
      const done = runJob(job);
      current.set(job.id, { done });
      await done;
      current.delete(job.id);
      busy.delete(job.id);
      // A slot that finished may have left work another slot skipped (same project): look again.
      wake();
    }
  }

  const finished = Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => slot())).then(() => undefined);
  return {
    wake,
    async stop(graceMs = 20_000) {
      stopping = true;
      wake();
      const running = [...current.entries()];
      if (running.length > 0) {
        const allDone = Promise.all(running.map(([, c]) => c.done)).then(() => true);
        const inTime = await Promise.race([allDone, new Promise<boolean>((r) => setTimeout(() => r(false), graceMs).unref())]);
        if (!inTime) {
          for (const [jobId] of [...current.entries()]) {
            await releaseJob(db, jobId, workerId, { started: true });
            log(`job ${jobId} handed back unfinished; another worker resumes it`);
          }
          return;
        }
      }
      await finished;
    },
    finished,
  };
}
