// Where the re-import seed (tests/e2e/seed-reimport.ts) leaves its ids for the spec; free of
// server modules, so the Playwright side can import it.
import { readFileSync } from "node:fs";
import path from "node:path";

export const REIMPORT_SEED_FILE = "reimport-seed.json";

export type ReimportSeed = {
  projectId: string;
  slug: string;
  groundingPool: string;
  groundingPoolDir: string;
  tokens: { admin: string; reviewer: string };
};

export function readReimportSeed(): ReimportSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, REIMPORT_SEED_FILE), "utf8")) as ReimportSeed;
}
