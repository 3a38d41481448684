import "server-only";
// AndroidLab (THUDM/Android-Lab) evaluation runs: `logs/evaluation/<name>/<task_dir>/` with
// `traces/trace.jsonl`, `Screen/*.png` and `xml/`, judged by `generate_result.py` into
// `outputs/<name>_<time>/results.jsonl` and `total.jsonl` (see the fixture's FORMAT.md).
// Yields, per run name: one RunRecord (the name doubles as the model label, as the evaluator's
// spreadsheet does), then one TrajectoryRecord per episode directory with the evaluator's
// verdict attached. A results line is matched to its episode by task id within the run; when
// a run holds several episodes of one task the evaluator kept whichever `os.listdir` returned
// last, so no episode can be credited with it and the line is reported instead.
import path from "node:path";
import type { FormatParser, ParsedItem, ParserInput, RunRecord } from "@/lib/imports/records";
import { parseAndroidLabEpisode } from "@/lib/imports/formats/trajectories/androidlab-episode";
import {
  TRACE_FILE,
  locateAndroidLabRuns,
  looksLikeAndroidLab,
  taskIdOf,
  type AndroidLabRun,
} from "@/lib/imports/formats/trajectories/androidlab-layout";
import { readRunResults, type RunResults } from "@/lib/imports/formats/trajectories/androidlab-results";
import { readGroundTruthLengths, type GroundTruthLengths } from "@/lib/imports/formats/trajectories/androidlab-ground-truth";
import { isFile, listDirectories, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

function runRecord(root: string, run: AndroidLabRun, results: RunResults | null, groundTruth: GroundTruthLengths): RunRecord {
  return {
    type: "run",
    location: { file: relativeToRoot(root, run.dir), line: null },
    name: run.name,
    benchmark: "androidlab",
    model: run.name,
    meta: {
      logsDir: relativeToRoot(root, run.dir),
      outputsDir: run.outputsDir ? relativeToRoot(root, run.outputsDir) : null,
      olderOutputsDirs: run.olderOutputsDirs.map((d) => relativeToRoot(root, d)),
      total: results?.totals ?? [],
      // Where RRR's numerators came from; null when the import holds no ground_truth_length.json.
      groundTruthFile: groundTruth.file,
    },
  };
}

async function* parseRun(root: string, run: AndroidLabRun, groundTruth: GroundTruthLengths): AsyncGenerator<ParsedItem> {
  const results = run.outputsDir ? await readRunResults(root, run.outputsDir) : null;
  yield runRecord(root, run, results, groundTruth);
  if (results) yield* results.rejections;

  const episodes: string[] = [];
  for (const dirName of await listDirectories(run.dir)) {
    const dir = path.join(run.dir, dirName);
    if (await isFile(path.join(dir, TRACE_FILE))) episodes.push(dirName);
    else {
      yield {
        type: "rejected",
        location: { file: relativeToRoot(root, dir), line: null },
        reason: "episode directory has no traces/trace.jsonl (AndroidLab judges nothing for it either)",
      };
    }
  }

  const perTask = new Map<string, number>();
  for (const dirName of episodes) perTask.set(taskIdOf(dirName), (perTask.get(taskIdOf(dirName)) ?? 0) + 1);

  const used = new Set<string>();
  for (const dirName of episodes) {
    const taskId = taskIdOf(dirName);
    const isUnambiguous = perTask.get(taskId) === 1;
    const outcome = isUnambiguous ? (results?.outcomes.get(taskId) ?? null) : null;
    if (outcome) used.add(taskId);
    yield* parseAndroidLabEpisode({ root, runName: run.name, dir: path.join(run.dir, dirName), outcome, groundTruth: groundTruth.file ? (groundTruth.lengths.get(taskId) ?? null) : null });
  }

  for (const outcome of results?.outcomes.values() ?? []) {
    if (used.has(outcome.taskId)) continue;
    const count = perTask.get(outcome.taskId) ?? 0;
    yield {
      type: "rejected",
      location: outcome.location,
      reason:
        count === 0
          ? `results line for task_id "${outcome.taskId}" has no episode directory in ${relativeToRoot(root, run.dir)}`
          : `results line for task_id "${outcome.taskId}" matches ${count} episode directories; AndroidLab kept an arbitrary one, so the verdict is not attached`,
    };
  }
}

export const androidLabParser: FormatParser = {
  id: "androidlab",
  label: "AndroidLab run directory",
  async detect(input: ParserInput): Promise<boolean> {
    // A directory format: a single file is never an AndroidLab run.
    if (input.file !== null) return false;
    return looksLikeAndroidLab(input.root);
  },
  async *parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    const groundTruth = await readGroundTruthLengths(input.root);
    if (groundTruth.rejection) yield groundTruth.rejection;
    for (const run of await locateAndroidLabRuns(input.root)) yield* parseRun(input.root, run, groundTruth);
  },
};
