import "server-only";
// `npm run verity -- import <path> --project <slug>`: the same job as the import screen,
// run in this process with a progress bar on stderr; --json prints the report as one JSON
// object on the last line of stdout. Exits non-zero (an AppError after the report) when
// nothing was imported: every record rejected, or images that complete nothing.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { CONTRACT_CHOICES, parseContractChoice } from "@/lib/imports/contract-choice";
import { createImportJob, runClaimedImportJob } from "@/lib/imports/import-job";
import { ModelNameSchema } from "@/lib/imports/import-request";
import { WORKER_ID } from "@/lib/jobs/jobs";
import { runHeldJob } from "@/lib/jobs/run-held-job";
import { mediaStore } from "@/lib/media/media-store";
import { findProjectBySlug } from "@/lib/projects/projects";
import type { FormatReport, ImportReport } from "@/lib/imports/write/report";

type ImportCommand = { target: string; slug: string; format?: string; images?: string; model?: string; contract?: string; json: boolean };

function progressBar(processed: number, total: number) {
  if (!process.stderr.isTTY && processed !== total) return;
  const width = 30;
  const share = total ? Math.min(1, processed / total) : 0;
  const bar = "█".repeat(Math.round(share * width)).padEnd(width, "░");
  process.stderr.write(`\r${bar} ${processed}/${total} records${processed === total ? "\n" : ""}`);
}

function formatPart(part: FormatReport) {
  return {
    format: part.format,
    created: part.created,
    updated: part.updated,
    unchanged: part.unchanged,
    imagesMissing: part.imagesMissing,
    rejected: part.rejected,
    rejectedCount: part.rejectedCount,
    disagreements: part.disagreements,
    disagreementCount: part.disagreementCount,
    metricDifferences: part.metricDifferences,
    metricDifferenceCount: part.metricDifferenceCount,
    notes: part.notes,
  };
}

export function reportAsJson(report: ImportReport) {
  return { ...formatPart(report), problem: report.problem, parts: report.parts.map(formatPart) };
}

function summary(part: FormatReport): string {
  const c = part.created;
  return `${part.format}: created ${c.samples} samples, ${c.trajectories} trajectories (${c.steps} steps), ${c.predictions} predictions, ${c.verdicts} verdicts, ${c.media} images, ${c.runs} runs; ${part.updated} updated, ${part.unchanged} unchanged, ${part.rejectedCount} rejected, ${part.disagreementCount} disagreements, ${part.metricDifferenceCount} metric differences.`;
}

/** The CLI's --contract and --model, validated as the import screen validates them. */
export function parseImportFlags(command: Pick<ImportCommand, "contract" | "model">) {
  const contract = command.contract === undefined ? undefined : parseContractChoice(command.contract);
  if (contract === null) throw new AppError("invalid_input", `--contract must be one of ${CONTRACT_CHOICES.join(", ")} (box format:unit), not "${command.contract}"`);
  const model = command.model === undefined ? undefined : ModelNameSchema.safeParse(command.model);
  if (model && !model.success) throw new AppError("invalid_input", "--model must be a name of 1 to 200 characters");
  return { contract, model: model?.data };
}

export async function runImportCommand(db: Db, command: ImportCommand): Promise<void> {
  const flags = parseImportFlags(command);
  const project = await findProjectBySlug(db, command.slug);
  if (!project) throw new AppError("not_found", `No project ${command.slug}.`);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "verity-import-"));
  try {
    const params = {
      target: path.resolve(command.target),
      scratch,
      format: command.format,
      images: command.images ? path.resolve(command.images) : undefined,
      contract: flags.contract,
      model: flags.model,
    };
    // Held from its creation and while it runs, so a worker polling this database leaves it alone.
    const job = await createImportJob(db, project.id, null, params, { claimedBy: WORKER_ID });
    let report = null as ImportReport | null;
    await runHeldJob(db, job, WORKER_ID, async () => {
      report = await runClaimedImportJob(db, mediaStore(), job.id, { onProgress: progressBar });
    });
    if (!report) throw new Error("the import stopped before it finished");
    const done: ImportReport = report;
    console.error(`Imported ${summary(done)}`);
    if (done.parts.length > 1) for (const part of done.parts) console.error(`  ${summary(part)}`);
    for (const r of done.rejected.slice(0, 20)) console.error(`  rejected ${r.file}${r.line ? `:${r.line}` : ""}: ${r.reason}`);
    for (const m of done.metricDifferences.slice(0, 20)) console.error(`  metrics ${m.file} ${m.metric}: the file says ${m.fileValue ?? "nothing"}, the imported predictions give ${m.importedValue ?? "nothing"}`);
    if (command.json) console.log(JSON.stringify(reportAsJson(done)));
    if (done.problem) throw new AppError("invalid_input", done.problem);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
