// Where the model-runs seed (tests/e2e/seed-model-runs.ts) leaves its ids for the specs; free
// of server modules, so the Playwright side can import it.
import { readFileSync } from "node:fs";
import path from "node:path";

export const MODEL_RUNS_SEED_FILE = "model-runs-seed.json";

export type ModelRunsSeed = {
  projectId: string;
  slug: string;
  /** A grounding run over the project's samples, cancelled before a worker took it: every item pending. */
  cancelledRunId: string;
};

export function readModelRunsSeed(): ModelRunsSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, MODEL_RUNS_SEED_FILE), "utf8")) as ModelRunsSeed;
}
