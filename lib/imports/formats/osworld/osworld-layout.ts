import "server-only";
// Finds the episodes of an OSWorld results tree. run.py writes each example to
//   <result_dir>/<action_space>/<observation_type>/<model>/<domain>/<example_id>/
// with `traj.jsonl`, `step_<n>_<timestamp>.png`, `result.txt` and `recording.mp4`. People
// import any level of it (the results root, one model, one domain, one example), so an
// episode is a folder holding traj.jsonl or result.txt, and the levels above it are read
// from its path: the observation type is a closed set of names (run.py's --observation_type
// choices), which anchors the other levels wherever the import root is. Without that anchor
// (a model or domain folder uploaded on its own) the levels come from the folders inside the
// import and, for the first missing one, the import root's own name; never from folders above
// it, which belong to the server, not to the run. `onboard` examples are skipped as run.py
// does. Task configs (`evaluation_examples/examples/<domain>/<id>.json`) give instructions
// when they are inside the import root.
// No UI tree is among those files, even for the a11y_tree observation types: the runner
// writes only each observation's obs['screenshot'] beside traj.jsonl (lib_run_single.py,
// lines 29-53 at pkueecszc/OSWorld@be0b6285d58df9e12bc3d67238642ec177c6fd40, a fork of
// xlang-ai/OSWorld, which this index does not hold; later versions add a `response` field
// and step_0.png, still no tree), so OSWorld steps are stored without one.
import path from "node:path";
import { isDirectory, isFile, listDirectories, toPosix } from "@/lib/imports/formats/trajectories/source-files";

export const TRAJ_FILE = "traj.jsonl";
export const RESULT_FILE = "result.txt";
const OBSERVATION_TYPES = new Set(["screenshot", "a11y_tree", "screenshot_a11y_tree", "som"]);
const MAX_DEPTH = 6;
// Upload staging folders are named by a random id: such a name says nothing about the run.
const STAGING_NAME = /^[a-f0-9]{24}$/;

export type OsworldEpisodeDir = {
  /** Absolute path of the example folder. */
  dir: string;
  actionSpace: string | null;
  observationType: string | null;
  model: string | null;
  domain: string | null;
  taskId: string;
};

export async function isEpisodeDir(dir: string): Promise<boolean> {
  return (await isFile(path.join(dir, TRAJ_FILE))) || (await isFile(path.join(dir, RESULT_FILE)));
}

async function* episodeDirs(dir: string, depth: number): AsyncGenerator<string> {
  if (await isEpisodeDir(dir)) {
    yield dir;
    return;
  }
  if (depth >= MAX_DEPTH) return;
  for (const name of await listDirectories(dir)) {
    if (name.startsWith(".") || name === "onboard" || name === "evaluation_examples") continue;
    yield* episodeDirs(path.join(dir, name), depth + 1);
  }
}

function levelsOf(root: string, dir: string): Omit<OsworldEpisodeDir, "dir"> {
  const absRoot = path.resolve(root);
  const inside = toPosix(path.relative(absRoot, dir)).split("/").filter(Boolean);
  const all = [...toPosix(absRoot).split("/").filter(Boolean), ...inside];
  const taskId = all.at(-1)!;
  const anchor = all.length - 4;
  if (anchor >= 0 && OBSERVATION_TYPES.has(all[anchor]!)) {
    return { actionSpace: all[anchor - 1] ?? null, observationType: all[anchor]!, model: all[anchor + 1]!, domain: all[anchor + 2]!, taskId };
  }
  const rootName = path.basename(absRoot);
  const usable = rootName !== "" && !rootName.startsWith(".") && !STAGING_NAME.test(rootName);
  // inside = [..., model, domain, task]; the level just above the first one is the root's name.
  const levels = usable ? [rootName, ...inside] : inside;
  const at = (fromEnd: number) => (inside.length >= 1 ? (levels.at(-fromEnd) ?? null) : null);
  return { actionSpace: null, observationType: null, model: at(3), domain: at(2), taskId: inside.length ? taskId : rootName };
}

export async function findOsworldEpisodes(root: string): Promise<OsworldEpisodeDir[]> {
  const found: OsworldEpisodeDir[] = [];
  for await (const dir of episodeDirs(root, 0)) found.push({ dir, ...levelsOf(root, dir) });
  return found;
}

/** A results tree has at least one example folder with OSWorld's own files in it. */
export async function looksLikeOsworld(root: string): Promise<boolean> {
  for await (const dir of episodeDirs(root, 0)) {
    if (await isFile(path.join(dir, TRAJ_FILE))) return true;
    // result.txt alone is too common a name to claim a folder on.
  }
  return false;
}

/** The task config of an example, where run.py reads it from, if the import holds it. */
export async function exampleConfigPath(root: string, domain: string | null, taskId: string): Promise<string | null> {
  if (!domain) return null;
  for (const base of [path.join(root, "evaluation_examples", "examples"), path.join(root, "examples")]) {
    const candidate = path.join(base, domain, `${taskId}.json`);
    if ((await isDirectory(base)) && (await isFile(candidate))) return candidate;
  }
  return null;
}
