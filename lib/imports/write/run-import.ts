import "server-only";
// Drives one import: for each unit of the input (one format on one part of it, see
// import-units.ts) pulls records from its parser, batches them, and writes each batch in
// dependency order (runs, samples, predictions, trajectories, verdicts, human labels), each write retried
// and split on failure (transactions.ts). Every write is keyed by source identity, so an
// import killed at any point leaves whole writes behind and running it again completes it
// without duplicates. A source id met twice in one import is refused the second time, with
// both locations (seen-keys.ts). The report has one part per format.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { parseUnit, type ImportUnit } from "@/lib/imports/import-units";
import { readAhead } from "@/lib/imports/read-ahead";
import type { AnnotationRecord, FormatParser, ImportRecord, LabelTarget, ParserInput, PredictionRecord, RunRecord, SampleRecord, TrajectoryRecord, VerdictLine } from "@/lib/imports/records";
import { writeAnnotation } from "@/lib/imports/write/annotations";
import { completeWaitingImages } from "@/lib/imports/write/complete-images";
import { createMediaCache, type ImageFiles, type MediaCache } from "@/lib/imports/write/media-cache";
import { writePredictions } from "@/lib/imports/write/predictions";
import { combineReports, emptyFormatReport, metricDiffers, note, noteLanded, reject, type FormatReport, type ImportReport } from "@/lib/imports/write/report";
import { checkRunMetrics, isResultsRun } from "@/lib/imports/write/run-metrics";
import { checkRunGrid, isGridCheckedRun } from "@/lib/imports/write/grid-check";
import { writeRun } from "@/lib/imports/write/runs";
import { writeSamples } from "@/lib/imports/write/samples";
import { createSeenKeys, describeLocation, type SeenKeys } from "@/lib/imports/write/seen-keys";
import { emptyTouched, type TouchedIds } from "@/lib/imports/write/touched";
import { storeScreenChanges } from "@/lib/imports/write/screen-changes";
import { keepStatisticsCurrent, type StatisticsKeeper } from "@/lib/imports/write/table-statistics";
import { writeTrajectory, type TrajectoryContext } from "@/lib/imports/write/trajectories";
import { writeWithRetry } from "@/lib/imports/write/transactions";
import { writeVerdictLines } from "@/lib/imports/write/verdict-lines";
import type { MediaStore } from "@/lib/media/store";
import { rederiveStale } from "@/lib/derived/rederive-stale";
import { markSamplesStale, markTrajectoriesStale } from "@/lib/derived/mark-stale";
import { DEFAULT_POLICY, type VerifiedChangePolicy } from "@/lib/imports/write/verified-change";

const BATCH_SIZE = 1_000;

export type ImportOptions = {
  db: Db;
  store: MediaStore;
  projectId: string;
  /** What to read; or, for a single parser, `parser` + `input` (+ `files`). */
  units?: ImportUnit[];
  parser?: FormatParser;
  input?: ParserInput;
  /** The files a unit's image references are looked up in (null: images not provided). */
  filesFor?: (unit: ImportUnit) => ImageFiles | null;
  files?: ImageFiles | null;
  /** Called after every batch with the report so far and the number of records read. */
  onProgress?: (report: ImportReport, processed: number) => Promise<void> | void;
  /** Called after every batch with the samples and trajectories it created or changed: the
   * hook for recomputing what is derived from them. */
  onBatchWritten?: (touched: TouchedIds) => Promise<void> | void;
  /** Checked between batches; an import stops cleanly when it returns true. */
  shouldStop?: () => Promise<boolean> | boolean;
  /** Who runs the import (the job's creator): the decider of final answers pinned from
   * imported verified labels; null from the command line. */
  actorId?: string | null;
  /** Pauses between attempts of a failed write (transactions.ts); tests shorten them. */
  retryPauses?: number[];
  /** What to do with settled items whose verified inputs a record changes (default: reopen). */
  verifiedChange?: VerifiedChangePolicy;
};

type Batches = { samples: SampleRecord[]; predictions: PredictionRecord[]; trajectories: TrajectoryRecord[]; verdicts: VerdictLine[]; annotations: AnnotationRecord[]; images: number };
const emptyBatches = (): Batches => ({ samples: [], predictions: [], trajectories: [], verdicts: [], annotations: [], images: 0 });

function describeLabelTarget(target: LabelTarget): string {
  return target.kind === "agentlab_task" ? `agent ${target.agentName} on task ${target.taskName}` : `${target.kind} "${target.sourceId}" of dataset ${target.sourceDataset}`;
}

/** The identity a record claims within one import, or null for kinds without one. */
function identityOf(record: ImportRecord): { key: string; what: string } | null {
  switch (record.type) {
    case "sample":
      return { key: `s\u0000${record.sourceDataset}\u0000${record.sourceId}`, what: `sample "${record.sourceId}" of dataset ${record.sourceDataset}` };
    case "trajectory":
      return { key: `t\u0000${record.sourceDataset}\u0000${record.sourceId}`, what: `trajectory "${record.sourceId}" of dataset ${record.sourceDataset}` };
    case "prediction":
      return {
        key: `p\u0000${record.sample.sourceDataset}\u0000${record.sample.sourceId}\u0000${record.model}`,
        what: `prediction of model ${record.model} on sample "${record.sample.sourceId}" of dataset ${record.sample.sourceDataset}`,
      };
    case "annotation": {
      const t = record.target;
      const target = t.kind === "agentlab_task" ? `${t.agentName}\u0000${t.taskName}` : `${t.sourceDataset}\u0000${t.sourceId}`;
      return {
        key: `a\u0000${record.annotator.source}\u0000${record.annotator.name}\u0000${t.kind}\u0000${target}`,
        what: `label of ${record.annotator.name} on ${describeLabelTarget(t)}`,
      };
    }
    default:
      return null;
  }
}

function unitsOf(options: ImportOptions): { units: ImportUnit[]; filesFor: (unit: ImportUnit) => ImageFiles | null } {
  if (options.units) return { units: options.units, filesFor: options.filesFor ?? (() => options.files ?? null) };
  if (!options.parser || !options.input) throw new Error("runImport needs units, or a parser and its input");
  return { units: [{ parser: options.parser, input: options.input, base: "", locationPrefix: "" }], filesFor: () => options.files ?? null };
}

export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const { db, store, projectId } = options;
  const { units, filesFor } = unitsOf(options);
  const parts = new Map<string, FormatReport>();
  const runIds = new Map<string, string>();
  const seen = createSeenKeys();
  const statistics = keepStatisticsCurrent(db);
  let processed = 0;
  const current = () => combineReports([...parts.values()], units[0]?.parser.id ?? "none");
  try {
    for (const unit of units) {
      const part = parts.get(unit.parser.id) ?? emptyFormatReport(unit.parser.id);
      parts.set(unit.parser.id, part);
      const files = filesFor(unit);
      const writer = new UnitWriter({ db, store, projectId, files, media: createMediaCache(db, store, projectId, files), report: part, runIds, seen, statistics, options });
      // On PostgreSQL the next batch is parsed while this one is written (read-ahead.ts). Not on
      // SQLite: its driver is synchronous, so the parser could only run between the statements
      // of the batch's transaction, holding the database's one write lock for longer.
      const ahead = providerOf(databaseUrlOf(db)) === "postgres" ? BATCH_SIZE : 0;
      for await (const item of readAhead(parseUnit(unit), ahead)) {
        processed += 1;
        if (item.type === "rejected") reject(part, item.location, item.reason);
        else if (item.type === "note") note(part, item.location, item.reason);
        else if (item.type === "figure_difference") {
          const { location, run, metric, fileValue, importedValue } = item;
          metricDiffers(part, { file: location.file, line: location.line, run, metric, fileValue, importedValue });
        } else if (await writer.accept(item)) {
          await writer.flush();
          await options.onProgress?.(current(), processed);
          if (await options.shouldStop?.()) throw new ImportStopped();
        }
      }
      await writer.finish();
      await options.onProgress?.(current(), processed);
    }
  } finally {
    seen.close();
  }
  // Whatever is still stale (a batch touched more than its bound) is derived before the job ends.
  await rederiveStale(db, projectId);
  return current();
}

type WriterContext = {
  db: Db;
  store: MediaStore;
  projectId: string;
  files: ImageFiles | null;
  media: MediaCache;
  report: FormatReport;
  runIds: Map<string, string>;
  seen: SeenKeys;
  statistics: StatisticsKeeper;
  options: ImportOptions;
};

/** Batches and writes the records of one unit. */
class UnitWriter {
  private batches = emptyBatches();
  private pending = 0;
  private touched = emptyTouched();
  private imageCount = 0;
  private resultsRuns: RunRecord[] = [];
  private gridRuns = new Map<string, RunRecord>();

  constructor(private readonly ctx: WriterContext) {}

  /** Queues a record; true when a batch is full and should be flushed. */
  async accept(record: ImportRecord): Promise<boolean> {
    const { report, seen } = this.ctx;
    const identity = identityOf(record);
    if (identity) {
      const first = seen.claim(identity.key, record.location);
      if (first) {
        reject(report, record.location, `duplicate: ${identity.what} is also at ${describeLocation(first)}; the first one is kept`);
        return false;
      }
    }
    switch (record.type) {
      case "run":
        // Runs are few and trajectories and predictions point at them: written at once.
        await this.retry([record], async ([run]) => {
          const id = await writeRun(this.ctx.db, this.ctx.projectId, run!, report);
          this.ctx.runIds.set(run!.name, id);
          noteLanded(report, { run: { id, name: run!.name } });
        });
        if (isResultsRun(record)) this.resultsRuns.push(record);
        if (isGridCheckedRun(record)) this.gridRuns.set(record.name, record);
        return false;
      case "sample":
        this.batches.samples.push(record);
        noteLanded(report, { sampleSource: record.sourceDataset });
        break;
      case "prediction":
        this.batches.predictions.push(record);
        noteLanded(report, { sampleSource: record.sample.sourceDataset });
        break;
      case "trajectory":
        this.batches.trajectories.push(record);
        // A trajectory of a run is reached through the run; the others through their benchmark.
        if (!record.runName && record.benchmark) noteLanded(report, { trajectoryBenchmark: record.benchmark });
        // Trajectories carry their steps: a smaller batch keeps memory bounded.
        this.pending += Math.max(1, record.steps.length) * 10;
        break;
      case "verdict":
        this.batches.verdicts.push(record);
        break;
      case "annotation":
        this.batches.annotations.push(record);
        break;
      case "image":
        this.batches.images += 1;
        break;
    }
    this.pending += 1;
    return this.pending >= BATCH_SIZE;
  }

  private policy(): VerifiedChangePolicy {
    const options = this.ctx.options;
    return options.verifiedChange ?? { ...DEFAULT_POLICY, actorId: options.actorId ?? null };
  }

  private retry<T extends { location: { file: string; line: number | null } }>(items: T[], write: (items: T[]) => Promise<void>) {
    return writeWithRetry(items, write, { report: this.ctx.report, locationOf: (item) => item.location, pauses: this.ctx.options.retryPauses });
  }

  async flush(): Promise<void> {
    const { db, projectId, media, report, runIds } = this.ctx;
    const batch = this.batches;
    this.batches = emptyBatches();
    this.pending = 0;
    const touched = this.touched;
    const policy = this.policy();
    await this.retry(batch.samples, (records) => writeSamples(db, projectId, records, media, report, touched, policy).then(() => undefined));
    await this.retry(batch.predictions, (records) => writePredictions(db, projectId, records, media, report, touched, runIds, policy));
    const trajectoryContext: TrajectoryContext = { db, projectId, media, files: this.ctx.files, store: this.ctx.store, report, runIds, touched, policy };
    for (const trajectory of batch.trajectories) await this.retry([trajectory], ([t]) => writeTrajectory(trajectoryContext, t!));
    await this.retry(batch.verdicts, (records) => writeVerdictLines(db, projectId, records, report, touched));
    const labels = { db, projectId, report, touched, actorId: this.ctx.options.actorId ?? null };
    for (const annotation of batch.annotations) await this.retry([annotation], ([a]) => writeAnnotation(labels, a!));
    this.imageCount += batch.images;
    await this.handOver();
    await this.ctx.statistics.afterBatch();
  }

  /** What the batch touched is derived again now (lib/derived): the writers marked it stale
   * in their own transactions, and it is marked here too for any write a retry split. */
  private async handOver(): Promise<void> {
    const touched = this.touched;
    this.touched = emptyTouched();
    if (!touched.samples.size && !touched.trajectories.size) return;
    const { db, projectId } = this.ctx;
    // Before the derivation: AndroidLab's reasonable-operation ratio reads the comparisons.
    await storeScreenChanges(db, this.ctx.store, [...touched.trajectories]);
    await markSamplesStale(db, [...touched.samples].filter((id) => !touched.derivedAtCreation.has(id)));
    await markTrajectoriesStale(db, [...touched.trajectories]);
    // Bounded: a project-wide recompute running meanwhile is left to its own job.
    await rederiveStale(db, projectId, { maxItems: 4 * BATCH_SIZE });
    await this.ctx.options.onBatchWritten?.(touched);
  }

  /** The unit's last batch, then what needs all of it: completing waiting records from the
   * images it held, checking a results file's metrics against its predictions, and reading
   * which grid a model run's points were on from its stored screenshots. */
  async finish(): Promise<void> {
    await this.flush();
    const { db, projectId, files, media, report } = this.ctx;
    if (this.imageCount > 0 && files) {
      await completeWaitingImages({ db, projectId, files, media, report, touched: this.touched, imageCount: this.imageCount, policy: this.policy() });
      await this.handOver();
    }
    // The metrics check counts stored correctness: every prediction is derived first.
    if (this.resultsRuns.length) await rederiveStale(db, projectId);
    for (const run of this.resultsRuns) {
      const runId = this.ctx.runIds.get(run.name);
      if (runId) await checkRunMetrics(db, projectId, runId, run, report);
    }
    for (const run of this.gridRuns.values()) {
      const runId = this.ctx.runIds.get(run.name);
      if (runId) await checkRunGrid(db, projectId, runId, run, report);
    }
  }
}

export class ImportStopped extends Error {
  constructor() {
    super("the import was stopped");
  }
}
