// Where the verified-state seed (tests/e2e/seed-verified.ts) leaves its ids for the specs;
// free of server modules, so the Playwright side can import it.
import { readFileSync } from "node:fs";
import path from "node:path";

export const VERIFIED_SEED_FILE = "verified-seed.json";

export type VerifiedSeed = {
  projectId: string;
  slug: string;
  /** A second annotator of this project only, who signs in within the spec. */
  second: { email: string; password: string; name: string };
  names: { owner: string; reviewer: string; annotator: string };
  samples: { stray: string; nudge: string; bulk: string; prediction: string; consensus: string; honeypot: string; dispute: string; snap: string; spare: string; pair: string };
  trajectories: { flip: string; ruleVsJudge: string; quark3: string; claimed: string; race: string; firstWrong: string; groupVerified: string; groupOpen: string };
  quark3RuleVerdictId: string;
  nudgeOverrideValue: number;
  runId: string;
  groupKey: string;
  queues: { consensus: string; honeypot: string; dispute: string; disputeItem: string; triageItem: string; closing: string };
  pools: { grounding: string; onlineRl: string; evaluation: string };
  poolDirs: { grounding: string; onlineRl: string; evaluation: string };
  tokens: { admin: string; reviewer: string; annotator: string };
};

export function readVerifiedSeed(): VerifiedSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, VERIFIED_SEED_FILE), "utf8")) as VerifiedSeed;
}
