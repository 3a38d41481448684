import "server-only";
// The shipped reward's source (verity_reward.py beside this file), copied into every snapshot
// whose rows have a ground truth. Read from the project's own tree at run time, so the file
// in the repository (which the tests run with python3) is byte for byte the file shipped.
import { readFile } from "node:fs/promises";
import path from "node:path";

let cached: Promise<string> | null = null;

export const REWARD_SOURCE_PATH = path.join(process.cwd(), "lib", "exports", "reward", "verity_reward.py");

export function rewardSource(): Promise<string> {
  cached ??= readFile(REWARD_SOURCE_PATH, "utf8");
  return cached;
}

export const REWARD_ENTRY_POINTS = {
  verl: "custom_reward_function.path=<file> custom_reward_function.name=compute_score",
  easyr1: "worker.reward.reward_function=<file>:easyr1_compute_score",
  "ms-swift": "--external_plugins <file> --reward_funcs verity_reward",
  "self-test": "python3 <file> --self-test",
};
