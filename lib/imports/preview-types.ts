// What the import screen's preview shows: the detected format, record counts, the first
// rejections, and the first items drawn on their screenshots in pixels, so a wrong
// coordinate contract is visible before anything is written.
import type { Box } from "@/lib/domain/geometry";

export type PreviewMark =
  | { kind: "box"; box: Box; label: string }
  | { kind: "point"; x: number; y: number; label: string; hit: boolean | null }
  | { kind: "arrow"; from: { x: number; y: number }; to: { x: number; y: number }; label: string };

export type PreviewItem = {
  kind: "sample" | "prediction" | "trajectory";
  title: string;
  subtitle: string;
  where: string;
  image: { url: string; width: number; height: number } | null;
  imageProblem: string | null;
  marks: PreviewMark[];
  problem: string | null;
};

export type PreviewCounts = { samples: number; predictions: number; trajectories: number; steps: number; runs: number; verdicts: number; images: number };

export type ContractChoice = { format: "xyxy" | "xywh"; unit: "px" | "0-1" | "0-100" | "0-999" | "0-1000" };

export type ImportPreview = {
  format: { id: string; label: string };
  formats: { id: string; label: string }[];
  detected: boolean;
  counts: PreviewCounts;
  countComplete: boolean;
  rejectedCount: number;
  rejected: { file: string; line: number | null; reason: string }[];
  items: PreviewItem[];
  contract: ContractChoice | null;
};
