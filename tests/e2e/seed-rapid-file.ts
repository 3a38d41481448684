// Where the rapid-pass seed (tests/e2e/seed-rapid.ts) leaves its ids for the spec; free of
// server modules, so the Playwright side can import it.
import { readFileSync } from "node:fs";
import path from "node:path";

export const RAPID_SEED_FILE = "rapid-seed.json";
export const RAPID_SLUG = "rapid";
export const RAPID_QUEUE_SLUG = "rapidq";
export const RAPID_CONFLICT_SLUG = "rapidc";
/** Items per pass: twenty submits, and one left to land on. */
export const RAPID_ITEMS = 21;

export type RapidItem = { id: string; text: string; mediaId: string };
export type RapidSeed = {
  /** Project "rapid": samples and trajectories walked in list order by a reviewer. */
  samples: RapidItem[];
  trajectories: RapidItem[];
  /** Project "rapidq": the same kinds in two queues an annotator works through. */
  queue: { projectId: string; sampleQueue: { id: string; name: string }; trajectoryQueue: { id: string; name: string }; samples: RapidItem[]; trajectories: RapidItem[] };
  /** Project "rapidc": three samples for a conflict on a swapped screen. */
  conflict: { samples: RapidItem[] };
};

export function readRapidSeed(): RapidSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, RAPID_SEED_FILE), "utf8")) as RapidSeed;
}
