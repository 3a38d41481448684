import "server-only";
// What runs a claimed job of each kind. The worker loop (in the app process or `npm run
// worker`) claims a job, then calls its kind's handler; the handler reports progress and
// ends the job (the loop ends it as failed if the handler throws first).
import { runExportJob } from "@/lib/exports/export-job";
import { runRederiveJob } from "@/lib/derived/rederive-job";
import { runClaimedImportJob } from "@/lib/imports/import-job";
import type { JobHandler, JobKind } from "@/lib/jobs/jobs";
import { mediaStore } from "@/lib/media/media-store";
import { runModelRunJob } from "@/lib/models/runs/model-run-job";

// Every JobKind needs its line.
export const JOB_HANDLERS: { [K in JobKind]: JobHandler } = {
  import: async (db, jobId) => {
    await runClaimedImportJob(db, mediaStore(), jobId);
  },
  export: runExportJob,
  rederive: runRederiveJob,
  model_run: async (db, jobId) => {
    await runModelRunJob(db, jobId);
  },
};
