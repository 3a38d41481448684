import "server-only";
// What every pool kind's builder works with: a reader on the database, the verification
// window, the pool's settings, the snapshot's images, and the tally that becomes the
// manifest's counts and source ids. Builders yield the snapshot's files in order; each file's
// content is produced while the target consumes it, page by page.
import type { Db } from "@/lib/db";
import type { ProjectSettings } from "@/lib/domain/project-settings";
import type { VerifiedWindow } from "@/lib/exports/read/verified-samples";
import type { SnapshotImages } from "@/lib/exports/snapshot-images";
import type { StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";
import type { PoolSettings } from "@/lib/pools/pool-definition";
import type { SqlReader } from "@/lib/sql/sql-reader";

export type ExportTally = {
  counts: Record<string, number>;
  // Filled while rows are written; the manifest is written after the last file.
  revisionIds: string[];
  overrideIds: string[];
  rows: number;
};

export const newTally = (): ExportTally => ({ counts: {}, revisionIds: [], overrideIds: [], rows: 0 });

export function count(tally: ExportTally, key: string, n = 1): void {
  if (n === 0) return;
  tally.counts[key] = (tally.counts[key] ?? 0) + n;
}

export type ExportContext = {
  db: Db;
  reader: SqlReader;
  projectId: string;
  window: VerifiedWindow;
  format: string;
  settings: PoolSettings;
  projectSettings: ProjectSettings;
  images: SnapshotImages;
  tally: ExportTally;
  pageSize: number;
  // Called after each page with the number of source items it covered (progress).
  onItems(n: number): Promise<void>;
};

export type ExportBuilder = {
  /** How many source items the export will walk through, for the progress bar. */
  total(ctx: ExportContext): Promise<number>;
  files(ctx: ExportContext): AsyncGenerator<StreamedSnapshotFile>;
};

/** One JSONL chunk per page of rows ("" pages are skipped). */
export function jsonlChunk(rows: readonly unknown[]): string {
  let text = "";
  for (const row of rows) text += `${JSON.stringify(row)}\n`;
  return text;
}
