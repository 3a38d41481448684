import "server-only";
// Drives one import: pulls records from a parser, batches them, and writes each batch in its
// own transaction, in dependency order (runs, samples, predictions, trajectories, verdicts).
// Every write is keyed by source identity, so an import killed at any point leaves whole
// batches behind and running it again completes it without duplicates.
import type { Db } from "@/lib/db";
import type { FormatParser, ImageRecord, ImportRecord, ParserInput, PredictionRecord, SampleRecord, TrajectoryRecord, VerdictLine } from "@/lib/imports/records";
import { completeImages } from "@/lib/imports/write/complete-images";
import { createMediaCache, type ImageFiles } from "@/lib/imports/write/media-cache";
import { writePredictions } from "@/lib/imports/write/predictions";
import { emptyReport, processedCount, reject, type ImportReport } from "@/lib/imports/write/report";
import { writeRun } from "@/lib/imports/write/runs";
import { writeSamples } from "@/lib/imports/write/samples";
import { writeTrajectory, type TrajectoryContext } from "@/lib/imports/write/trajectories";
import { writeVerdictLines } from "@/lib/imports/write/verdict-lines";
import type { MediaStore } from "@/lib/media/store";
import { rederiveStale } from "@/lib/derived/rederive-stale";

const BATCH_SIZE = 1_000;

export type ImportOptions = {
  db: Db;
  store: MediaStore;
  projectId: string;
  parser: FormatParser;
  input: ParserInput;
  files: ImageFiles | null;
  /** Called after every batch with the report so far and the number of records handled. */
  onProgress?: (report: ImportReport, processed: number) => Promise<void> | void;
  /** Checked between batches; an import stops cleanly when it returns true. */
  shouldStop?: () => Promise<boolean> | boolean;
};

type Batches = { samples: SampleRecord[]; predictions: PredictionRecord[]; trajectories: TrajectoryRecord[]; verdicts: VerdictLine[]; images: ImageRecord[] };
const emptyBatches = (): Batches => ({ samples: [], predictions: [], trajectories: [], verdicts: [], images: [] });

export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const { db, store, projectId, parser, input, files } = options;
  const report = emptyReport(parser.id);
  const media = createMediaCache(db, store, projectId, files);
  const trajectoryContext: TrajectoryContext = { db, projectId, media, files, store, report, runIds: new Map() };
  let batches = emptyBatches();
  let pending = 0;

  async function flush() {
    const current = batches;
    batches = emptyBatches();
    pending = 0;
    if (current.samples.length) await writeSamples(db, projectId, current.samples, media, report);
    if (current.predictions.length) await writePredictions(db, projectId, current.predictions, media, report);
    for (const trajectory of current.trajectories) await writeTrajectory(trajectoryContext, trajectory);
    if (current.verdicts.length) await writeVerdictLines(db, projectId, current.verdicts, report);
    if (current.images.length) await completeImages(db, projectId, current.images, media, report);
    // Every item the batch created or changed was left stale; its derived values follow now
    // (bounded: a project-wide recompute running meanwhile is left to its own job).
    await rederiveStale(db, projectId, { maxItems: 4 * BATCH_SIZE });
    await options.onProgress?.(report, processedCount(report));
  }

  async function accept(record: ImportRecord) {
    switch (record.type) {
      case "run":
        // Runs are few and trajectories point at them: write at once.
        trajectoryContext.runIds.set(record.name, await writeRun(db, projectId, record, report));
        return;
      case "sample":
        batches.samples.push(record);
        break;
      case "prediction":
        batches.predictions.push(record);
        break;
      case "trajectory":
        batches.trajectories.push(record);
        // Trajectories carry their steps: a smaller batch keeps memory bounded.
        pending += Math.max(1, record.steps.length) * 10;
        break;
      case "verdict":
        batches.verdicts.push(record);
        break;
      case "image":
        batches.images.push(record);
        break;
    }
    pending += 1;
    if (pending >= BATCH_SIZE) {
      await flush();
      if (await options.shouldStop?.()) throw new ImportStopped();
    }
  }

  for await (const item of parser.parse(input)) {
    if (item.type === "rejected") reject(report, item.location, item.reason);
    else await accept(item);
  }
  await flush();
  // Whatever is still stale (a batch wrote more than its bound) is derived before the job ends.
  await rederiveStale(db, projectId);
  return report;
}

export class ImportStopped extends Error {
  constructor() {
    super("the import was stopped");
  }
}
