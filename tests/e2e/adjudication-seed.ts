// What seed-adjudication.ts made, for the specs (no server code: Playwright reads this file).
import { readFileSync } from "node:fs";
import path from "node:path";

export const ADJUDICATION_SEED_FILE = "e2e-adjudication.json";

export type AdjudicationSeed = {
  projectId: string;
  annotator2: { email: string; password: string };
  disputedSampleId: string;
  knownSampleId: string;
  honeypotRealSampleId: string;
  trajectoryId: string;
  trajectoryQueueId: string;
  trajectoryQueueItemId: string;
};

export function readAdjudicationSeed(): AdjudicationSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, ADJUDICATION_SEED_FILE), "utf8")) as AdjudicationSeed;
}

export const annotator2StatePath = () => path.join(process.env.VERITY_DATA_DIR!, "state-annotator2.json");
