import "server-only";
// What every pool kind's builder works with: a reader on the database, the moment the
// snapshot is taken (`until`: items verified after it wait for the next one), the pool's
// style (convention, target, template), filters and profile, the snapshot's images, the
// ledger of written rows, and the tally that becomes the manifest's counts and source ids.
// Builders yield the snapshot's data files in order; each file's content is produced while
// the target consumes it, page by page.
import type { Db } from "@/lib/db";
import type { ProjectSettings } from "@/lib/domain/project-settings";
import type { Ledger } from "@/lib/exports/ledger/snapshot-rows";
import type { DataFile, Profile, ShapeContext } from "@/lib/exports/profiles/profile-types";
import type { RowStyle } from "@/lib/exports/rows/row-style";
import { newTokenTally, type TokenTally } from "@/lib/exports/build/token-tally";
import type { SnapshotImages } from "@/lib/exports/snapshot-images";
import type { StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { PoolFilters } from "@/lib/pools/pool-filters";
import type { PoolKind, PoolSettings, ProfileId } from "@/lib/pools/pool-definition";
import type { SqlReader } from "@/lib/db/sql-reader";

export type ExportTally = {
  counts: Record<string, number>;
  // The screenshots' token figures (token-tally.ts): the README's prompt lengths come from them.
  tokens: TokenTally;
  // Filled while rows are written; the manifest is written after the last file.
  revisionIds: string[];
  overrideIds: string[];
  rows: number;
};

export const newTally = (): ExportTally => ({ counts: {}, tokens: newTokenTally(), revisionIds: [], overrideIds: [], rows: 0 });

export function count(tally: ExportTally, key: string, n = 1): void {
  if (n === 0) return;
  tally.counts[key] = (tally.counts[key] ?? 0) + n;
}

export type ExportContext = {
  db: Db;
  reader: SqlReader;
  projectId: string;
  until: Date;
  kind: PoolKind;
  profileId: ProfileId;
  // Null for evaluation tables, which have no rows of this kind.
  profile: Profile | null;
  style: RowStyle;
  settings: PoolSettings;
  filters: PoolFilters | undefined;
  projectSettings: ProjectSettings;
  images: SnapshotImages;
  shape: ShapeContext;
  tally: ExportTally;
  ledger: Ledger;
  // The data files written so far (profiles' own files list them, the README names them).
  dataFiles: DataFile[];
  // A diff on the pools screen: rows are hashed into the ledger, nothing is shaped or kept.
  dryRun: boolean;
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
  for (const row of rows) text += `${jsonLine(row)}\n`;
  return text;
}

// A replacer is called for every key of every row (a fifth of the export's encoding time in
// a CPU profile), and only an object with "type": "Buffer" is ever replaced: such an object
// always shows in the plain text as `"type":"Buffer"` (inside a string the quotes would be
// escaped), so the plain text is kept unless it holds that, and the text is the same.
function jsonLine(row: unknown): string {
  const plain = JSON.stringify(row);
  return plain.includes('"type":"Buffer"') ? JSON.stringify(row, bufferAsBase64) : plain;
}

// JSON has no bytes; nothing of ours writes them to JSON lines, but should one, it is base64.
function bufferAsBase64(_key: string, value: unknown) {
  if (value && typeof value === "object" && (value as { type?: string }).type === "Buffer") return Buffer.from((value as { data: number[] }).data).toString("base64");
  return value;
}
