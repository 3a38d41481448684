// A temp dir for one test, removed afterwards (snapshot dirs inside are read-only: the removal
// opens them again first, as the snapshot writer's own clean-up does).
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { removeTree } from "@/lib/exports/snapshot-writer";

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "verity-exports-"));
  try {
    return await run(dir);
  } finally {
    await removeTree(dir);
  }
}
