import "server-only";
// `npm run verity -- import <path> --project <slug>`: the same job as the import screen,
// run in this process with a progress bar on stderr; --json prints the report as one JSON
// object on the last line of stdout. Exits non-zero (an AppError after the report) when
// nothing was imported: every record rejected, or images that complete nothing. A results
// file refused for naming no model is answered with the command that imports it (rerun-command.ts).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { CONTRACT_CHOICES, parseContractChoice } from "@/lib/imports/contract-choice";
import { createImportJob, runClaimedImportJob } from "@/lib/imports/import-job";
import { ModelNameSchema, OnVerifiedChangeSchema } from "@/lib/imports/import-request";
import { WORKER_ID } from "@/lib/jobs/jobs";
import { runHeldJob } from "@/lib/jobs/run-held-job";
import { mediaStore } from "@/lib/media/media-store";
import { findProjectBySlug } from "@/lib/projects/projects";
import type { FormatReport, ImportReport } from "@/lib/imports/write/report";
import { rerunWithModel } from "@/lib/cli/rerun-command";
import type { ImportCommand } from "@/lib/cli/import-flags";

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
    revised: part.revised ?? { verdicts: 0, predictions: 0 },
    verdictChangeCount: part.verdictChangeCount ?? 0,
    verdictChanges: part.verdictChanges ?? [],
    sourceChangeCount: part.sourceChangeCount ?? 0,
    sourceChanges: part.sourceChanges ?? [],
  };
}

export function reportAsJson(report: ImportReport) {
  return { ...formatPart(report), problem: report.problem, parts: report.parts.map(formatPart) };
}

function summary(part: FormatReport): string {
  const c = part.created;
  return `${part.format}: created ${c.samples} samples, ${c.trajectories} trajectories (${c.steps} steps), ${c.predictions} predictions, ${c.verdicts} verdicts, ${c.media} images, ${c.runs} runs; ${part.updated} updated, ${part.unchanged} unchanged, ${part.rejectedCount} rejected, ${part.disagreementCount} disagreements, ${part.metricDifferenceCount} metric differences.`;
}

/** The lines a team must read after a re-import: verdicts revised under an override, and
 * verified items whose inputs the source changed (reopened, or kept as verified). */
function reimportLines(report: FormatReport): string[] {
  const lines: string[] = [];
  const revised = report.revised;
  if (revised && (revised.verdicts || revised.predictions)) lines.push(`revised ${revised.verdicts} verdicts and ${revised.predictions} predictions (each a new revision; overrides carried over)`);
  if (report.verdictChangeCount) lines.push(`${report.verdictChangeCount} machine verdicts changed under a reviewer's override (the override stays in force; confirm or withdraw it on the item):`);
  for (const v of (report.verdictChanges ?? []).slice(0, 20)) lines.push(`  ${v.file}${v.line ? `:${v.line}` : ""} ${v.item} ${v.judge} ${v.metric}: ${v.from} -> ${v.to}, override ${v.override}`);
  const changes = report.sourceChanges ?? [];
  if (report.sourceChangeCount) {
    const reopened = changes.filter((c) => c.action === "reopened").length;
    lines.push(`${report.sourceChangeCount} verified items changed at the source; ${reopened === changes.length ? "they were reopened (out of pools until re-verified)" : "the verified inputs were kept"}:`);
  }
  for (const c of changes.slice(0, 20)) lines.push(`  ${c.file}${c.line ? `:${c.line}` : ""} ${c.itemType} ${c.item}: ${c.fields.map((f) => f.field).join(", ")} (${c.action})`);
  return lines;
}

/** The CLI's --contract and --model, validated as the import screen validates them. */
export function parseImportFlags(command: Pick<ImportCommand, "contract" | "model" | "onVerifiedChange">) {
  const contract = command.contract === undefined ? undefined : parseContractChoice(command.contract);
  if (contract === null) throw new AppError("invalid_input", `--contract must be one of ${CONTRACT_CHOICES.join(", ")} (box format:unit), not "${command.contract}"`);
  const model = command.model === undefined ? undefined : ModelNameSchema.safeParse(command.model);
  if (model && !model.success) throw new AppError("invalid_input", "--model must be a name of 1 to 200 characters");
  const onVerifiedChange = command.onVerifiedChange === undefined ? undefined : OnVerifiedChangeSchema.safeParse(command.onVerifiedChange);
  if (onVerifiedChange && !onVerifiedChange.success) throw new AppError("invalid_input", `--on-verified-change must be reopen or keep, not "${command.onVerifiedChange}"`);
  return { contract, model: model?.data, onVerifiedChange: onVerifiedChange?.data };
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
      onVerifiedChange: flags.onVerifiedChange,
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
    for (const line of reimportLines(done)) console.error(line);
    for (const r of done.rejected.slice(0, 20)) console.error(`  rejected ${r.file}${r.line ? `:${r.line}` : ""}: ${r.reason}`);
    for (const m of done.metricDifferences.slice(0, 20)) console.error(`  metrics ${m.file}${m.line ? `:${m.line}` : ""} ${m.metric}: the file says ${m.fileValue ?? "nothing"}, the imported records give ${m.importedValue ?? "nothing"}`);
    if (command.json) console.log(JSON.stringify(reportAsJson(done)));
    const rerun = rerunWithModel(command, done.rejected);
    if (done.problem) throw new AppError("invalid_input", rerun ? `${done.problem}\n${rerun}` : done.problem);
    if (rerun) console.error(rerun);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
