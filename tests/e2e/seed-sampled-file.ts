// Where the sampled-verification seed (tests/e2e/seed-sampled.ts) leaves its ids for the spec;
// free of server modules, so the Playwright side can import it.
import { readFileSync } from "node:fs";
import path from "node:path";

export const SAMPLED_SEED_FILE = "sampled-seed.json";

export type SampledSeed = {
  projectId: string;
  slug: string;
  runs: Record<string, string>; // run name -> id
  names: { reviewer: string };
};

export function readSampledSeed(): SampledSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, SAMPLED_SEED_FILE), "utf8")) as SampledSeed;
}
