// What the import screen's preview shows: the detected format, record counts, the first
// rejections, and the first items drawn on their screenshots in pixels, so a wrong
// coordinate contract is visible before anything is written.
import type { Box } from "@/lib/domain/geometry";
import type { Said } from "@/lib/i18n/said";

/** A mark's caption, said in no language yet: the screen puts it in the reader's. */
type Caption = Said | null;

export type PreviewMark =
  | { kind: "box"; box: Box; label: Caption }
  | { kind: "point"; x: number; y: number; label: Caption; hit: boolean | null }
  | { kind: "arrow"; from: { x: number; y: number }; to: { x: number; y: number }; label: Caption };

export type PreviewItem = {
  kind: "sample" | "prediction" | "trajectory";
  title: string;
  /** Names from the record (platform, app, benchmark, model), joined with " · ". */
  subtitle: string;
  /** Facts the screen puts into words in the reader's language. */
  targetAbsent?: boolean;
  trajectory?: { steps: number; outcome: boolean | null };
  where: string;
  image: { url: string; width: number; height: number } | null;
  /** Why no screenshot is drawn, said in no language yet. */
  imageProblem: Said | null;
  marks: PreviewMark[];
  problem: string | null;
};

export type PreviewCounts = { samples: number; predictions: number; trajectories: number; steps: number; runs: number; verdicts: number; labels: number; images: number };

export type { ContractChoice } from "@/lib/imports/contract-choice";
import type { ContractChoice } from "@/lib/imports/contract-choice";

export type ImportPreview = {
  /** The format chosen or detected; id "" when the input holds several (see `found`). */
  format: { id: string; label: string };
  formats: { id: string; label: string }[];
  /** Every format found in the input, with the files or folders it reads. */
  found: { id: string; label: string; sources: string[] }[];
  detected: boolean;
  /** Whether the input has results files whose model must be named, and the name given;
   * the results files that name no model themselves (none when a name is given), and the name
   * proposed for them (the file's name, when there is exactly one), which the preview read with. */
  model: { isNeeded: boolean; value: string | null; unnamedFiles: string[]; suggested: string | null };
  counts: PreviewCounts;
  countComplete: boolean;
  rejectedCount: number;
  rejected: { file: string; line: number | null; reason: string }[];
  items: PreviewItem[];
  contract: ContractChoice | null;
};
