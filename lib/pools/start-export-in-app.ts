import "server-only";
// The screen and the API start an export the way imports start: the job row first, then the
// job runs in this app process (the request returns at once; callers poll the job). A worker
// process, when one runs, may claim it first: claimJob lets exactly one of them run it.
import { db } from "@/lib/db";
import type { ExportMode } from "@/lib/exports/active-export";
import { executeExportJob } from "@/lib/exports/execute-export";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { mediaStore } from "@/lib/media/media-store";
import { startExport, type ExportActor } from "@/lib/exports/start-export";

export async function startExportInApp(actor: ExportActor, input: { poolId: string; mode: ExportMode }) {
  const job = await startExport(db(), actor, input);
  setImmediate(() => {
    executeExportJob(db(), job.id, { store: mediaStore(), targetOf: poolTarget }).catch((error) => console.error(`export job ${job.id}:`, error));
  });
  return job;
}
