// Where the model-loop seed (tests/e2e/seed-model-loop.ts) leaves what the specs need; free of
// server modules, so the Playwright side can import it.
import { readFileSync } from "node:fs";
import path from "node:path";

export const MODEL_LOOP_SEED_FILE = "model-loop-seed.json";
export const MODEL_LOOP_SLUG = "model-loop";

export type ModelLoopSeed = {
  slug: string;
  /** The ScreenSpot-Pro-layout samples: how many, and the instruction of one to open. */
  samples: number;
  firstInstruction: string;
  /** The AndroidLab run's episodes by their task id, with the goal the judge is asked about. */
  runId: string;
  runName: string;
  episodes: Record<string, { id: string; goal: string }>;
  /** Whether the AndroidLab run is the public one in ../shared/fixtures (else generated in its layout). */
  publicRun: boolean;
};

export function readModelLoopSeed(): ModelLoopSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, MODEL_LOOP_SEED_FILE), "utf8")) as ModelLoopSeed;
}
