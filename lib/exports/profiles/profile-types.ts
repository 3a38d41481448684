import "server-only";
// What a profile is: the shape one framework's loader reads, written from TrainingRows. A
// profile names each logical data file (lib/exports/build) as a real file, shapes each row,
// gives the parquet columns where it writes parquet, and may add files of its own (LLaMA-Factory's
// dataset_info.json). Screenshots reach rows through SnapshotImages (lib/exports/snapshot-images.ts):
// a path (relative or absolute) or the bytes, as the pool's image mode says.
import type { Column } from "@/lib/exports/encode/parquet-columns";
import type { RowImage, TrainingRow } from "@/lib/exports/rows/training-row";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { ImageMode, PoolKind, PoolSettings } from "@/lib/pools/pool-definition";
import { TEMPLATES } from "@/lib/exports/conventions/prompt-templates";
import type { RowStyle } from "@/lib/exports/rows/row-style";

export type DataFile = { logical: string; name: string; encoding: "jsonl" | "parquet" };

export type ImageSource = {
  mode: ImageMode;
  /** The path a row names (copy: images/<sha>.<ext>, absolute: its absolute path); schedules the copy. */
  pathOf(image: RowImage): string;
  /** The image's bytes (embed mode). */
  bytesOf(image: RowImage): Promise<Buffer>;
};

// systemTurn: the pool's template asks with a system turn of its own (prompt-templates.ts).
export type ShapeContext = { kind: PoolKind; images: ImageSource; dataSource: string; swiftObjects: boolean; systemTurn: boolean };

/** The one ShapeContext of a pool (the export and the pools screen's preview shape rows alike). */
export function shapeContextOf(kind: PoolKind, images: ImageSource, settings: PoolSettings, style: RowStyle | null): ShapeContext {
  return { kind, images, dataSource: settings.dataSource ?? `verity_${kind}`, swiftObjects: settings.swiftObjects === true, systemTurn: style !== null && TEMPLATES[style.template].systemTurn === true };
}

export type Profile = {
  dataFile(logical: string, mode: ImageMode): DataFile;
  /** The row as the framework reads it; `index` is its position in its file. */
  shape(row: TrainingRow, ctx: ShapeContext, index: number): Promise<Record<string, unknown>>;
  columns?(file: DataFile, ctx: ShapeContext): Column[];
  kvMetadata?(file: DataFile, ctx: ShapeContext): { key: string; value: string }[];
  /** Files of the profile's own, after the data files (their names must not clash with them). */
  extraFiles?(files: readonly DataFile[], ctx: ShapeContext): { name: string; content: string }[];
};

export const ABILITY: Record<string, string> = { grounding: "grounding", navigation: "navigation", gold: "grounding", rewrite: "grounding", sft: "navigation", dpo: "navigation" };

/** Image references of a row as the profile's list of paths (copy, absolute). */
export const imagePaths = (row: TrainingRow, ctx: ShapeContext) => row.images.map((i) => ctx.images.pathOf(i));

export async function imageBytes(row: TrainingRow, ctx: ShapeContext): Promise<Buffer[]> {
  return Promise.all(row.images.map((i) => ctx.images.bytesOf(i)));
}

export const groundTruthText = (row: TrainingRow) => (row.groundTruth ? JSON.stringify(row.groundTruth) : null);
