// Where the pools seed (tests/e2e/seed-pools.ts) leaves its ids for the specs and probes;
// free of server modules, so the Playwright side can import it.
import { readFileSync } from "node:fs";
import path from "node:path";

export const POOLS_SEED_FILE = "pools-seed.json";

export type PoolsSeed = {
  projectId: string;
  exportedPoolId: string;
  snapshotId: string;
  snapshotFile: string;
  editPoolId: string;
  exportPoolId: string;
  demoPoolId: string;
  poolsRoot: string;
};

export function readPoolsSeed(): PoolsSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, POOLS_SEED_FILE), "utf8")) as PoolsSeed;
}

