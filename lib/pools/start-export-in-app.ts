import "server-only";
// The screen and the API start an export the way imports start: the job row, then the worker
// (in this process by default, or `npm run worker` processes) runs it; the request returns at
// once and callers poll the job.
import { db } from "@/lib/db";
import type { ExportMode } from "@/lib/exports/active-export";
import { startExport, type ExportActor } from "@/lib/exports/start-export";
import { notifyJobQueued } from "@/lib/worker/in-process-worker";

export async function startExportInApp(actor: ExportActor, input: { poolId: string; mode: ExportMode }) {
  const job = await startExport(db(), actor, input);
  notifyJobQueued();
  return job;
}
