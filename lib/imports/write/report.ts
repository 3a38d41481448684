// What an import did, record by record, as the job report, the CLI's --json line and the
// import screen show it. An input holding several formats (a folder with a results file, a
// meta file and a trace) is one job with one report per format in `parts`; the top-level
// counters are their sums. Rejections are capped so a file of a million bad lines cannot
// exhaust memory; the count keeps going.
import type { SourceLocation } from "@/lib/imports/records";
import type { Said } from "@/lib/i18n/said";
import type { InputChange } from "@/lib/domain/verified-inputs";

export const MAX_LISTED_PROBLEMS = 5_000;

export type CreatedCounts = {
  samples: number;
  trajectories: number;
  steps: number;
  predictions: number;
  verdicts: number;
  media: number;
  runs: number;
};

/** Imported human labels (lib/imports/write/annotations.ts): annotations created, placeholder
 * accounts created for the people who gave them, and final answers pinned from verified ones.
 * Labels updated or found unchanged count in the report's `updated` and `unchanged`. */
export type LabelCounts = { annotations: number; placeholders: number; finalAnswers: number };

export type Rejected = { file: string; line: number | null; reason: string };
/** A recomputed correctness that differs from the label the results file gives. */
export type Disagreement = { file: string; line: number | null; sourceId: string; model: string; fileLabel: string; computed: string };
/** A figure a file states (a results file's own `metrics` block, an AgentLab summary) that
 * the imported records do not reproduce; `line` where the file has lines (a CSV row). */
export type MetricDifference = { file: string; line?: number | null; run: string; metric: string; fileValue: number | null; importedValue: number | null };

/** A machine verdict that a re-import revised to another value while a person's override of it
 * stood: the override stays in force and the item is flagged until a reviewer confirms or
 * withdraws it. `item` names the sample, trajectory or step by its source id. */
export type VerdictChange = {
  file: string;
  line: number | null;
  item: string;
  judge: string;
  metric: string;
  from: boolean | number | null;
  to: boolean | number | null;
  override: boolean | number | null;
  /** The sample or trajectory the verdict belongs to (a step's verdict: its trajectory), for a link. */
  owner?: { itemType: "sample" | "trajectory"; itemId: string };
};
/** A settled item whose verified inputs the source changed (lib/imports/write/verified-change.ts). */
export type SourceChangeNote = { file: string; line: number | null; itemType: "sample" | "trajectory"; itemId: string; item: string; fields: InputChange[]; action: "reopened" | "kept" };
/** What a re-import revised: verdicts and predictions whose content changed (each a new revision). */
export type RevisedCounts = { verdicts: number; predictions: number };

/** Where the imported records landed, so the report can link to them (a few names each). */
export type Landed = { sampleSources: string[]; trajectoryBenchmarks: string[]; runs: { id: string; name: string }[] };
const MAX_LANDED = 50;

export type FormatReport = {
  format: string;
  // Absent on reports stored before it existed.
  landed?: Landed;
  created: CreatedCounts;
  labels: LabelCounts;
  updated: number;
  unchanged: number;
  imagesMissing: number;
  rejectedCount: number;
  rejected: Rejected[];
  disagreementCount: number;
  disagreements: Disagreement[];
  metricDifferenceCount: number;
  metricDifferences: MetricDifference[];
  notes: Rejected[];
  // Absent on reports stored before revisions and source changes were reported.
  revised?: RevisedCounts;
  verdictChangeCount?: number;
  verdictChanges?: VerdictChange[];
  sourceChangeCount?: number;
  sourceChanges?: SourceChangeNote[];
};

export type ImportReport = FormatReport & {
  /** One report per format found in the input, in the order they were imported. */
  parts: FormatReport[];
  /** Set when nothing was imported: the job then ends as failed with this message. */
  problem: string | null;
  /** Why the job failed or stopped, said in no language yet: the import screen shows it in
   *  the reader's language, while the job's `error` keeps the English for API v1 and logs. */
  failure?: Said | null;
};

export function emptyFormatReport(format: string): FormatReport {
  return {
    format,
    landed: { sampleSources: [], trajectoryBenchmarks: [], runs: [] },
    created: { samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 },
    labels: { annotations: 0, placeholders: 0, finalAnswers: 0 },
    updated: 0,
    unchanged: 0,
    imagesMissing: 0,
    rejectedCount: 0,
    rejected: [],
    disagreementCount: 0,
    disagreements: [],
    metricDifferenceCount: 0,
    metricDifferences: [],
    notes: [],
    revised: { verdicts: 0, predictions: 0 },
    verdictChangeCount: 0,
    verdictChanges: [],
    sourceChangeCount: 0,
    sourceChanges: [],
  };
}

export function emptyReport(format: string): ImportReport {
  return { ...emptyFormatReport(format), parts: [], problem: null };
}

function pushCapped<T>(list: T[], item: T): void {
  if (list.length < MAX_LISTED_PROBLEMS) list.push(item);
}

export function reject(report: FormatReport, location: SourceLocation, reason: string): void {
  report.rejectedCount += 1;
  pushCapped(report.rejected, { file: location.file, line: location.line, reason });
}

export function note(report: FormatReport, location: SourceLocation, reason: string): void {
  pushCapped(report.notes, { file: location.file, line: location.line, reason });
}

export function disagree(report: FormatReport, disagreement: Disagreement): void {
  report.disagreementCount += 1;
  pushCapped(report.disagreements, disagreement);
}

export function noteRevised(report: FormatReport, what: keyof RevisedCounts, count: number): void {
  const revised = (report.revised ??= { verdicts: 0, predictions: 0 });
  revised[what] += count;
}

export function verdictChanged(report: FormatReport, change: VerdictChange): void {
  report.verdictChangeCount = (report.verdictChangeCount ?? 0) + 1;
  pushCapped((report.verdictChanges ??= []), change);
}

export function sourceChanged(report: FormatReport, change: SourceChangeNote): void {
  report.sourceChangeCount = (report.sourceChangeCount ?? 0) + 1;
  pushCapped((report.sourceChanges ??= []), change);
}

export function metricDiffers(report: FormatReport, difference: MetricDifference): void {
  report.metricDifferenceCount += 1;
  pushCapped(report.metricDifferences, difference);
}

/** Notes where a record landed: its dataset, its benchmark or its run (each named once). */
export function noteLanded(report: FormatReport, where: { sampleSource: string } | { trajectoryBenchmark: string } | { run: { id: string; name: string } }): void {
  const landed = (report.landed ??= { sampleSources: [], trajectoryBenchmarks: [], runs: [] });
  const add = (list: string[], value: string) => {
    if (list.length < MAX_LANDED && !list.includes(value)) list.push(value);
  };
  if ("sampleSource" in where) add(landed.sampleSources, where.sampleSource);
  else if ("trajectoryBenchmark" in where) add(landed.trajectoryBenchmarks, where.trajectoryBenchmark);
  else if (landed.runs.length < MAX_LANDED && !landed.runs.some((r) => r.id === where.run.id)) landed.runs.push(where.run);
}

/** Records written or found unchanged: what makes an import more than a list of rejections. */
export function importedCount(report: FormatReport): number {
  const c = report.created;
  return c.samples + c.trajectories + c.predictions + c.runs + c.verdicts + c.media + (report.labels?.annotations ?? 0) + report.updated + report.unchanged;
}

/** The top-level report: the sum of the parts (lists concatenated up to their cap). */
export function combineReports(parts: FormatReport[], fallbackFormat: string): ImportReport {
  const total = emptyReport(parts.map((p) => p.format).join(", ") || fallbackFormat);
  total.parts = parts;
  for (const part of parts) {
    for (const key of Object.keys(total.created) as (keyof CreatedCounts)[]) total.created[key] += part.created[key];
    for (const key of Object.keys(total.labels) as (keyof LabelCounts)[]) total.labels[key] += part.labels[key];
    total.updated += part.updated;
    total.unchanged += part.unchanged;
    total.imagesMissing += part.imagesMissing;
    total.rejectedCount += part.rejectedCount;
    total.disagreementCount += part.disagreementCount;
    total.metricDifferenceCount += part.metricDifferenceCount;
    noteRevised(total, "verdicts", part.revised?.verdicts ?? 0);
    noteRevised(total, "predictions", part.revised?.predictions ?? 0);
    total.verdictChangeCount! += part.verdictChangeCount ?? 0;
    for (const c of part.verdictChanges ?? []) pushCapped(total.verdictChanges!, c);
    total.sourceChangeCount! += part.sourceChangeCount ?? 0;
    for (const c of part.sourceChanges ?? []) pushCapped(total.sourceChanges!, c);
    for (const r of part.rejected) pushCapped(total.rejected, r);
    for (const d of part.disagreements) pushCapped(total.disagreements, d);
    for (const m of part.metricDifferences) pushCapped(total.metricDifferences, m);
    for (const n of part.notes) pushCapped(total.notes, n);
    for (const sampleSource of part.landed?.sampleSources ?? []) noteLanded(total, { sampleSource });
    for (const trajectoryBenchmark of part.landed?.trajectoryBenchmarks ?? []) noteLanded(total, { trajectoryBenchmark });
    for (const run of part.landed?.runs ?? []) noteLanded(total, { run });
  }
  return total;
}

/** A restore point: a write that fails and is retried must not count twice. Lists only grow
 * (up to their cap), so truncating them to their old length undoes what the attempt added. */
export function checkpoint(report: FormatReport): () => void {
  const counters = {
    created: { ...report.created },
    labels: { ...report.labels },
    updated: report.updated,
    unchanged: report.unchanged,
    imagesMissing: report.imagesMissing,
    rejectedCount: report.rejectedCount,
    disagreementCount: report.disagreementCount,
    metricDifferenceCount: report.metricDifferenceCount,
    revised: { verdicts: report.revised?.verdicts ?? 0, predictions: report.revised?.predictions ?? 0 },
    verdictChangeCount: report.verdictChangeCount ?? 0,
    sourceChangeCount: report.sourceChangeCount ?? 0,
  };
  const lengths = {
    rejected: report.rejected.length,
    disagreements: report.disagreements.length,
    metricDifferences: report.metricDifferences.length,
    notes: report.notes.length,
    verdictChanges: report.verdictChanges?.length ?? 0,
    sourceChanges: report.sourceChanges?.length ?? 0,
  };
  return () => {
    Object.assign(report, { ...counters, created: { ...counters.created }, labels: { ...counters.labels }, revised: { ...counters.revised } });
    if (report.verdictChanges) report.verdictChanges.length = lengths.verdictChanges;
    if (report.sourceChanges) report.sourceChanges.length = lengths.sourceChanges;
    report.rejected.length = lengths.rejected;
    report.disagreements.length = lengths.disagreements;
    report.metricDifferences.length = lengths.metricDifferences;
    report.notes.length = lengths.notes;
  };
}
