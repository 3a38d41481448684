import "server-only";
// The export job's entry point, with the signature the job handler registry expects
// (lib/worker/job-handlers.ts): the configured media store and the pool's target.
import type { Db } from "@/lib/db";
import { runClaimedExportJob } from "@/lib/exports/execute-export";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { mediaStore } from "@/lib/media/media-store";

export { startExport } from "@/lib/exports/start-export";

/** Runs a claimed export job: the job handler registry calls it after the worker claimed the job. */
export async function runExportJob(db: Db, jobId: string): Promise<void> {
  await runClaimedExportJob(db, jobId, { store: mediaStore(), targetOf: poolTarget });
}
