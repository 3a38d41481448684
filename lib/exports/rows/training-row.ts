// A training row before a framework's layout is applied: the conversation (with one "<image>"
// placeholder per screenshot, in order), the screenshots, the reward's ground truth and the
// row's own facts. Every profile (lib/exports/profiles) writes the same TrainingRow in its
// framework's shape, so what a row teaches does not depend on who reads it, and the row hash
// (the content a change is judged by) is the same whatever the profile or image mode.
import { hash } from "node:crypto";
import { canonicalJson } from "@/lib/domain/canonical-json";

// `mediaId` only lets the pools screen show the screenshot; rows name images by content.
export type RowImage = { mediaId: string; sha256: string; mime: string; storageKey: string; width: number; height: number };

export type Turn = { role: "system" | "user" | "assistant"; content: string };

export type TrainingRow = {
  // The row's id in the data files and in changes.jsonl.
  key: string;
  // The sample or trajectory the row comes from.
  itemId: string;
  // The logical data file ("grounding", "gold", "sft", "dpo", ...): profiles name the real file.
  file: string;
  // The prompt turns and, last, the assistant's answer (the SFT target). RL loaders drop the answer.
  turns: Turn[];
  images: RowImage[];
  // The reward's ground truth (lib/exports/reward/verity_reward.py reads it), or null.
  groundTruth: Record<string, unknown> | null;
  // What else the row carries (source, quality score, original instruction, revision ids...).
  meta: Record<string, unknown>;
  // A preference pair's rejected answer (DPO); the chosen one is the last turn.
  rejected?: string;
  // What the manifest lists: the final-answer revisions and overrides the row rests on.
  revisionIds: string[];
  overrideIds: string[];
};

/**
 * The row's content as changes are judged: screenshots by their bytes' hash, not their path.
 * The ledger keeps it (lib/exports/ledger/snapshot-rows.ts) and the next snapshot compares:
 * its text must never change, or every row of every pool reads as updated once
 * (tests/unit/exports/row-hash.test.ts pins it). One-shot crypto.hash (Node >= 20.12), not
 * createHash().update().digest(): a Hash object per row cost 8 us of a row's 20 us budget.
 */
export function rowHash(row: TrainingRow): string {
  const content = {
    key: row.key,
    file: row.file,
    turns: row.turns,
    images: row.images.map((i) => i.sha256),
    groundTruth: row.groundTruth,
    meta: row.meta,
    rejected: row.rejected ?? null,
  };
  return hash("sha256", canonicalJson(content), "hex").slice(0, 32);
}

export const IMAGE_TOKEN = "<image>";

/** How many image placeholders the conversation holds (must equal the images, every framework checks). */
export function placeholderCount(turns: readonly Turn[]): number {
  return turns.reduce((n, t) => n + (t.content.match(/<image>/g)?.length ?? 0), 0);
}

/** The prompt turns (everything before the answer) and the answer. */
export function splitAnswer(row: Pick<TrainingRow, "turns">): { prompt: Turn[]; answer: string | null } {
  const last = row.turns.at(-1);
  if (last?.role === "assistant") return { prompt: row.turns.slice(0, -1), answer: last.content };
  return { prompt: row.turns, answer: null };
}
