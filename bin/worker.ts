// `npm run worker`: a job worker process (imports, exports) for VERITY_WORKER=external, or to
// add capacity beside the app. Run as many as you like, on any machine that reaches the
// database (and, for imports of uploads, the same VERITY_DATA_DIR). SIGTERM or SIGINT stops
// claiming, lets the running job finish for up to 20 s, then hands it back; a second signal
// exits at once (the job's lock then expires and another worker resumes it).
import { createDb } from "@/lib/db";
import { ensureDerivationCurrent } from "@/lib/derived/rederive-job";
import { env } from "@/lib/env";
import { JOB_HANDLERS } from "@/lib/worker/job-handlers";
import { jobLockMs, WORKER_ID } from "@/lib/jobs/jobs";
import { startWorkerLoop } from "@/lib/jobs/worker-loop";
import { startPeriodicSweeps, sweepOrphans } from "@/lib/worker/orphans";

async function main() {
  const e = env();
  const db = createDb(e.databaseUrl);
  // Values derived by older code are recomputed by a job (this or another worker runs it).
  await ensureDerivationCurrent(db);
  const log = (line: string) => console.log(`${new Date().toISOString()} worker ${WORKER_ID}: ${line}`);
  await sweepOrphans(db).then(
    (removed) => removed.length && log(`removed ${removed.length} leftover staging or export temp dirs`),
    (error: unknown) => log(`sweeping leftovers failed: ${String(error)}`),
  );
  const stopSweeps = startPeriodicSweeps(db, log);
  const loop = startWorkerLoop({ db, handlers: JOB_HANDLERS, log });
  log(`started on ${e.databaseProvider}, kinds ${Object.keys(JOB_HANDLERS).join(", ")}, lock ${jobLockMs()} ms`);

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) process.exit(130);
    log(`${signal}: stopping`);
    loop.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  await loop.finished;
  await stopSweeps();
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(`verity worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
