import "server-only";
// Runs one import job: prepares the input, counts its records for the progress bar, writes
// it through runImport with progress reports, and ends the job with its report. The same
// function serves the import screen, the API (in the app process) and the CLI. An import
// that imported nothing (every record rejected, images that complete nothing, an empty file)
// ends as failed with a message that says why, its report kept: never a quiet success.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { AppError, isAppError } from "@/lib/errors";
import { withContractOverride } from "@/lib/imports/contract-override";
import { ALL_PARSERS, FALLBACK_PARSER } from "@/lib/imports/formats/registry";
import { filesOf } from "@/lib/imports/image-files";
import { ImportJobParamsSchema, type ImportJobParams } from "@/lib/imports/import-request";
import { prepareInput, type PreparedInput } from "@/lib/imports/import-input";
import { parseUnits, type ImportUnit } from "@/lib/imports/import-units";
import { openDirectorySource } from "@/lib/imports/sources/directory-source";
import { runImport, ImportStopped } from "@/lib/imports/write/run-import";
import { importedCount, note, reject, type ImportReport } from "@/lib/imports/write/report";
import { refreshPlannerStatistics } from "@/lib/db/planner-statistics";
import { claimJob, createJob, finishJob, isCancelRequested, reportProgress } from "@/lib/jobs/jobs";
import type { MediaStore } from "@/lib/media/store";
import { recordAudit } from "@/lib/audit/record";
import { SourceRefusedError } from "@/lib/imports/sources/source-errors";
import { confinedJobTarget, removeStagingOfEndedJob } from "@/lib/imports/staging";
import { said, sayIn, type Said } from "@/lib/i18n/said";
import { translator } from "@/lib/i18n/translate";

const english = translator("en");

export async function createImportJob(db: Db, projectId: string, userId: string | null, params: ImportJobParams, options: { claimedBy?: string } = {}) {
  const job = await createJob(db, { projectId, kind: "import", params, createdById: userId, claimedBy: options.claimedBy });
  await recordAudit(db, { userId, projectId, action: "import.start", targetType: "job", targetId: job.id, details: { target: params.target, format: params.format ?? null } });
  return job;
}

/** Everything the parsers will yield, rejections included: the unit runImport counts in. */
async function countRecords(units: ImportUnit[]): Promise<number> {
  let count = 0;
  for await (const _ of parseUnits(units)) count += 1;
  return count;
}

/** Why an import that imported nothing did so, in words a person can act on. */
function nothingImported(report: ImportReport, units: ImportUnit[]): Said | null {
  if (importedCount(report) > 0) return null;
  if (units.length === 1 && units[0]!.parser === FALLBACK_PARSER) {
    return said("imports.failed.noRecordsFile", { formats: ALL_PARSERS.filter((p) => p !== FALLBACK_PARSER).map((p) => p.label).join("; ") });
  }
  if (report.rejectedCount > 0) return said("imports.failed.allRejected", { count: report.rejectedCount });
  return said("imports.failed.noRecords");
}

/** Why the job ended without finishing: a domain check's own words, else the error's. */
function failureOf(error: unknown): Said {
  if (error instanceof ImportStopped) return said("imports.failed.stopped");
  if (error instanceof AppError && error.said) return error.said;
  if (isAppError(error) || error instanceof SourceRefusedError || error instanceof AppError) return said("imports.failed.refused", { reason: error.message });
  return said("imports.failed.unexpected", { reason: (error as Error).message });
}

function withContract(units: ImportUnit[], contract: ImportJobParams["contract"]): ImportUnit[] {
  return units.map((unit) => ({ ...unit, parser: withContractOverride(unit.parser, contract) }));
}

export type ImportJobHooks = { onProgress?: (processed: number, total: number) => void };

/** Claims and runs a job; returns its report (null when another worker holds it). */
export async function executeImportJob(db: Db, store: MediaStore, jobId: string, hooks: ImportJobHooks = {}): Promise<ImportReport | null> {
  if (!(await claimJob(db, jobId))) return null;
  return runClaimedImportJob(db, store, jobId, hooks);
}

/** Runs a job this process has claimed (the worker loop claims before it calls a handler). */
export async function runClaimedImportJob(db: Db, store: MediaStore, jobId: string, hooks: ImportJobHooks = {}): Promise<ImportReport | null> {
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  try {
    return await runImportOf(db, store, job, hooks);
  } finally {
    await removeStagingOfEndedJob(db, jobId, ImportJobParamsSchema.safeParse(job.params).data?.staging);
  }
}

async function runImportOf(db: Db, store: MediaStore, job: { id: string; projectId: string | null; params: unknown; createdById: string | null }, hooks: ImportJobHooks): Promise<ImportReport | null> {
  const jobId = job.id;
  let report: ImportReport | null = null;
  try {
    const params = ImportJobParamsSchema.parse(job.params);
    const prepared: PreparedInput = await prepareInput(await confinedJobTarget(params), params.scratch, { format: params.format, model: params.model, projectId: job.projectId });
    const imageSource = params.images ? await openDirectorySource(params.images) : null;
    try {
      const units = withContract(prepared.units, params.contract);
      const total = await countRecords(units);
      await db.job.update({ where: { id: jobId }, data: { total } });
      // Images given apart from the records are looked up (not only read) in their own folder.
      const separateImages = imageSource ? filesOf(imageSource.source) : null;
      report = await runImport({
        db,
        store,
        projectId: job.projectId!,
        units,
        filesFor: (unit) => separateImages ?? prepared.filesFor(unit),
        onProgress: async (progress, processed) => {
          hooks.onProgress?.(processed, total);
          await reportProgress(db, jobId, processed, progress as unknown as Prisma.InputJsonValue);
        },
        shouldStop: () => isCancelRequested(db, jobId),
        actorId: job.createdById,
        verifiedChange: { mode: params.onVerifiedChange ?? "reopen", jobId, actorId: job.createdById },
      });
      for (const refused of prepared.refusedFiles) reject(report, { file: refused.path, line: null }, refused.reason);
      for (const file of prepared.unrecognisedFiles) note(report, { file, line: null }, "not a records file of a format Verity reads; not imported");
      report.failure = nothingImported(report, units);
      report.problem = report.failure && sayIn(english, report.failure);
    } finally {
      await prepared.close();
      await imageSource?.source.close();
    }
    const status = report.problem ? "failed" : "succeeded";
    await finishJob(db, jobId, { status, report: report as unknown as Prisma.InputJsonValue, error: report.problem ?? undefined });
    await refreshPlannerStatistics(db);
    await recordAudit(db, { userId: job.createdById, projectId: job.projectId, action: "import.finish", targetType: "job", targetId: jobId, details: { created: report.created, rejected: report.rejectedCount, status } });
    return report;
  } catch (error) {
    const failure = failureOf(error);
    const ended = { ...report, failure } as unknown as Prisma.InputJsonValue;
    if (error instanceof ImportStopped) {
      await finishJob(db, jobId, { status: "cancelled", report: ended, error: sayIn(english, failure) });
      return report;
    }
    await finishJob(db, jobId, { status: "failed", report: ended, error: sayIn(english, failure) });
    if (!isAppError(error) && !(error instanceof SourceRefusedError)) console.error(error);
    throw error;
  }
}
