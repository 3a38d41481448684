import "server-only";
// `npm run verity -- import <path> --project <slug>`: the same job as the import screen,
// run in this process with a progress bar on stderr; --json prints the report as one JSON
// object on the last line of stdout.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { createImportJob, runClaimedImportJob } from "@/lib/imports/import-job";
import { WORKER_ID } from "@/lib/jobs/jobs";
import { runHeldJob } from "@/lib/jobs/run-held-job";
import { mediaStore } from "@/lib/media/media-store";
import { findProjectBySlug } from "@/lib/projects/projects";
import type { ImportReport } from "@/lib/imports/write/report";

type ImportCommand = { target: string; slug: string; format?: string; images?: string; json: boolean };

function progressBar(processed: number, total: number) {
  if (!process.stderr.isTTY && processed !== total) return;
  const width = 30;
  const share = total ? Math.min(1, processed / total) : 0;
  const bar = "█".repeat(Math.round(share * width)).padEnd(width, "░");
  process.stderr.write(`\r${bar} ${processed}/${total} records${processed === total ? "\n" : ""}`);
}

export function reportAsJson(report: ImportReport) {
  return {
    format: report.format,
    created: report.created,
    updated: report.updated,
    unchanged: report.unchanged,
    imagesMissing: report.imagesMissing,
    rejected: report.rejected,
    rejectedCount: report.rejectedCount,
    disagreements: report.disagreements.map(({ sourceId, model, fileLabel, computed }) => ({ sourceId, model, fileLabel, computed })),
    notes: report.notes,
  };
}

export async function runImportCommand(db: Db, command: ImportCommand): Promise<void> {
  const project = await findProjectBySlug(db, command.slug);
  if (!project) throw new AppError("not_found", `No project ${command.slug}.`);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "verity-import-"));
  try {
    const params = { target: path.resolve(command.target), scratch, format: command.format, images: command.images ? path.resolve(command.images) : undefined };
    // Held from its creation and while it runs, so a worker polling this database leaves it alone.
    const job = await createImportJob(db, project.id, null, params, { claimedBy: WORKER_ID });
    let report = null as ImportReport | null;
    await runHeldJob(db, job, WORKER_ID, async () => {
      report = await runClaimedImportJob(db, mediaStore(), job.id, { onProgress: progressBar });
    });
    if (!report) throw new Error("the import stopped before it finished");
    const c = report.created;
    console.error(
      `Imported ${report.format}: created ${c.samples} samples, ${c.trajectories} trajectories (${c.steps} steps), ${c.predictions} predictions, ${c.verdicts} verdicts, ${c.media} images, ${c.runs} runs; ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejectedCount} rejected, ${report.disagreementCount} disagreements.`,
    );
    for (const r of report.rejected.slice(0, 20)) console.error(`  rejected ${r.file}${r.line ? `:${r.line}` : ""}: ${r.reason}`);
    if (command.json) console.log(JSON.stringify(reportAsJson(report)));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
