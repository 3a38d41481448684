import { readFileSync } from "node:fs";
import path from "node:path";

export const E2E_USERS_FILE = "e2e-seed.json";
export type E2eRole = "owner" | "admin" | "reviewer" | "annotator" | "outsider" | "locked" | "joiner";
export type E2eSeed = {
  users: Partial<Record<E2eRole, { email: string; password: string }>>;
  demoMediaId: string;
  demoProjectId: string;
  otherMediaId: string;
  reviewSampleIds: { zoom1: string; zoom25: string; absent: string; workspace: string };
};

export function readSeed(): E2eSeed {
  const dataDir = process.env.VERITY_DATA_DIR;
  if (!dataDir) throw new Error("VERITY_DATA_DIR is not set");
  return JSON.parse(readFileSync(path.join(dataDir, E2E_USERS_FILE), "utf8")) as E2eSeed;
}

export function storageStatePath(role: E2eRole): string {
  return path.join(process.env.VERITY_DATA_DIR!, `state-${role}.json`);
}
