// Runs imports in db tests the way the CLI does: a job, executed in this process, with a
// media store in a temp dir.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import type { ImportJobParams } from "@/lib/imports/import-request";
import { createLocalMediaStore } from "@/lib/media/local-store";

export const FIXTURES = path.resolve("../shared/fixtures");

export async function importInto(db: Db, projectId: string, target: string, options: Partial<ImportJobParams> = {}) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "verity-import-test-"));
  const store = createLocalMediaStore(path.join(os.tmpdir(), "verity-import-media"));
  const job = await createImportJob(db, projectId, null, { target, scratch, ...options });
  const report = await executeImportJob(db, store, job.id);
  if (!report) throw new Error("the job was not run");
  return report;
}

export async function rowCounts(db: Db) {
  return {
    samples: await db.groundingSample.count(),
    predictions: await db.modelPrediction.count(),
    trajectories: await db.trajectory.count(),
    steps: await db.step.count(),
    verdicts: await db.judgeVerdict.count(),
    media: await db.media.count(),
    runs: await db.evaluationRun.count(),
  };
}
