import "server-only";
// Finds the runs of an AndroidLab import root (FORMAT.md §1). Three roots are accepted:
//   - the repository-like root: `logs/evaluation/<name>/<task_dir>/` plus `outputs/<name>_<time>/`;
//   - a `logs/evaluation` directory: `<name>/<task_dir>/`;
//   - a single `logs/evaluation/<name>` directory: `<task_dir>/`.
// Only the first carries the evaluator's outputs: nothing is read outside the import root,
// because an uploaded directory's parent is not the user's.
import path from "node:path";
import { isDirectory, isFile, listDirectories } from "@/lib/imports/formats/trajectories/source-files";

export type AndroidLabRun = {
  name: string;
  /** Absolute path of `logs/evaluation/<name>` (or the root itself). */
  dir: string;
  /** Absolute path of the matching `outputs/<name>_<time>` directory, when there is one. */
  outputsDir: string | null;
  /** Other output directories of the same run name; the evaluator normally writes one. */
  olderOutputsDirs: string[];
};

export const TRACE_FILE = path.join("traces", "trace.jsonl");

// generate_result.py names the output folder `<name>_<%Y-%m-%d-%H-%M-%S>`; requiring the full
// timestamp keeps run "gpt4o" from claiming the outputs of run "gpt4o_xml".
const OUTPUT_TIME = /^\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}$/;

async function hasEpisodeChild(dir: string): Promise<boolean> {
  for (const child of await listDirectories(dir)) {
    if (await isFile(path.join(dir, child, TRACE_FILE))) return true;
  }
  return false;
}

async function outputsFor(outputsRoot: string | null, name: string): Promise<Pick<AndroidLabRun, "outputsDir" | "olderOutputsDirs">> {
  if (!outputsRoot) return { outputsDir: null, olderOutputsDirs: [] };
  const prefix = `${name}_`;
  // The timestamps sort lexicographically, so the last one is the newest evaluation.
  const matching = (await listDirectories(outputsRoot))
    .filter((d) => d.startsWith(prefix) && OUTPUT_TIME.test(d.slice(prefix.length)))
    .map((d) => path.join(outputsRoot, d));
  return { outputsDir: matching.at(-1) ?? null, olderOutputsDirs: matching.slice(0, -1) };
}

async function runsUnder(evaluationDir: string, outputsRoot: string | null): Promise<AndroidLabRun[]> {
  const runs: AndroidLabRun[] = [];
  for (const name of await listDirectories(evaluationDir)) {
    runs.push({ name, dir: path.join(evaluationDir, name), ...(await outputsFor(outputsRoot, name)) });
  }
  return runs;
}

export async function locateAndroidLabRuns(root: string): Promise<AndroidLabRun[]> {
  const evaluationDir = path.join(root, "logs", "evaluation");
  if (await isDirectory(evaluationDir)) {
    const outputsRoot = path.join(root, "outputs");
    return runsUnder(evaluationDir, (await isDirectory(outputsRoot)) ? outputsRoot : null);
  }
  if (await hasEpisodeChild(root)) {
    return [{ name: path.basename(path.resolve(root)), dir: root, outputsDir: null, olderOutputsDirs: [] }];
  }
  const runs: AndroidLabRun[] = [];
  for (const run of await runsUnder(root, null)) {
    if (await hasEpisodeChild(run.dir)) runs.push(run);
  }
  return runs;
}

/** Cheap shape check: some `<task_dir>/traces/trace.jsonl` at the depth one of the roots implies. */
export async function looksLikeAndroidLab(root: string): Promise<boolean> {
  const evaluationDir = path.join(root, "logs", "evaluation");
  if (await isDirectory(evaluationDir)) {
    for (const name of await listDirectories(evaluationDir)) {
      if (await hasEpisodeChild(path.join(evaluationDir, name))) return true;
    }
    return false;
  }
  if (await hasEpisodeChild(root)) return true;
  for (const name of await listDirectories(root)) {
    if (await hasEpisodeChild(path.join(root, name))) return true;
  }
  return false;
}

/** The evaluator's task id of an episode directory: `<app>_<n>` from `<app>_<n>_<date>_<time>`. */
export function taskIdOf(episodeDirName: string): string {
  const [app, n] = episodeDirName.split("_");
  return n === undefined ? episodeDirName : `${app}_${n}`;
}
