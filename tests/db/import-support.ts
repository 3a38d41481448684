// Runs imports in db tests the way the CLI does: a job, executed in this process, with a
// media store in a temp dir.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import type { ImportJobParams } from "@/lib/imports/import-request";
import { createLocalMediaStore } from "@/lib/media/local-store";

export { PUBLIC_FIXTURES as FIXTURES } from "../support/public-fixtures";
export { generatedFixtures, RESULTS_FILE } from "../support/import-fixtures";

// Where these imports put screenshots: an export of imported items copies them from here.
export const IMPORT_MEDIA_DIR = path.join(os.tmpdir(), "verity-import-media");

export async function importInto(db: Db, projectId: string, target: string, options: Partial<ImportJobParams> = {}) {
  return (await importJob(db, projectId, target, options)).report;
}

/** The import's report and its job row as the API and the screen read it (status, error, progress). */
export async function importJob(db: Db, projectId: string, target: string, options: Partial<ImportJobParams> = {}) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "verity-import-test-"));
  const store = createLocalMediaStore(IMPORT_MEDIA_DIR);
  const job = await createImportJob(db, projectId, null, { target, scratch, ...options });
  const report = await executeImportJob(db, store, job.id);
  if (!report) throw new Error("the job was not run");
  return { report, job: await db.job.findUniqueOrThrow({ where: { id: job.id } }) };
}

export async function importProject(db: Db, slug = "imports") {
  const project = await db.project.create({ data: { slug, name: slug, settings: {} } });
  return project.id;
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
