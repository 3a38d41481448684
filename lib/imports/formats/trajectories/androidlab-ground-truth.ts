import "server-only";
// AndroidLab's `evaluation/tasks/human_ground_turth/ground_truth_length.json` (the misspelling
// is the repository's; evaluation/task.py L89-90 at THUDM/Android-Lab@373fc1d): a
// `{task_id: int}` map of the steps a human needed, the numerator of RRR. Read from the import
// root when it is there (a repository-like root); a task it does not list gets no RRR, as in
// AndroidLab. A file that is not such a map is reported and treated as absent.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Rejection } from "@/lib/imports/records";
import { isFile, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

export const GROUND_TRUTH_FILE = path.join("evaluation", "tasks", "human_ground_turth", "ground_truth_length.json");

const LengthsSchema = z.record(z.string(), z.number().int().nonnegative());

export type GroundTruthLengths = { file: string | null; lengths: Map<string, number>; rejection: Rejection | null };

export async function readGroundTruthLengths(root: string): Promise<GroundTruthLengths> {
  const abs = path.join(root, GROUND_TRUTH_FILE);
  if (!(await isFile(abs))) return { file: null, lengths: new Map(), rejection: null };
  const file = relativeToRoot(root, abs);
  let parsed: z.ZodSafeParseResult<Record<string, number>>;
  try {
    parsed = LengthsSchema.safeParse(JSON.parse(await readFile(abs, "utf8")));
  } catch (error) {
    return { file: null, lengths: new Map(), rejection: { type: "rejected", location: { file, line: null }, reason: `not valid JSON: ${(error as Error).message}` } };
  }
  if (!parsed.success) {
    return { file: null, lengths: new Map(), rejection: { type: "rejected", location: { file, line: null }, reason: "not a {task_id: steps} map of whole numbers; RRR is left out" } };
  }
  return { file, lengths: new Map(Object.entries(parsed.data)), rejection: null };
}
