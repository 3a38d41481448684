// What an import did, record by record, as the job report, the CLI's --json line and the
// import screen show it. Rejections are capped so a file of a million bad lines cannot
// exhaust memory; the count keeps going.
import type { SourceLocation } from "@/lib/imports/records";

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

export type Rejected = { file: string; line: number | null; reason: string };
export type Disagreement = { sourceId: string; model: string; fileLabel: string; computed: string };

export type ImportReport = {
  format: string;
  created: CreatedCounts;
  updated: number;
  unchanged: number;
  imagesMissing: number;
  rejectedCount: number;
  rejected: Rejected[];
  disagreementCount: number;
  disagreements: Disagreement[];
  notes: Rejected[];
};

export function emptyReport(format: string): ImportReport {
  return {
    format,
    created: { samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 },
    updated: 0,
    unchanged: 0,
    imagesMissing: 0,
    rejectedCount: 0,
    rejected: [],
    disagreementCount: 0,
    disagreements: [],
    notes: [],
  };
}

export function reject(report: ImportReport, location: SourceLocation, reason: string): void {
  report.rejectedCount += 1;
  if (report.rejected.length < MAX_LISTED_PROBLEMS) report.rejected.push({ file: location.file, line: location.line, reason });
}

export function note(report: ImportReport, location: SourceLocation, reason: string): void {
  if (report.notes.length < MAX_LISTED_PROBLEMS) report.notes.push({ file: location.file, line: location.line, reason });
}

export function disagree(report: ImportReport, disagreement: Disagreement): void {
  report.disagreementCount += 1;
  if (report.disagreements.length < MAX_LISTED_PROBLEMS) report.disagreements.push(disagreement);
}

export function processedCount(report: ImportReport): number {
  const c = report.created;
  return c.samples + c.trajectories + c.predictions + c.runs + report.updated + report.unchanged + report.rejectedCount;
}
