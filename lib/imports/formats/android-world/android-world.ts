import "server-only";
// AndroidWorld run outputs (google-research/android_world @ d9c569f764b3a5629321858de03ff653d0f24056):
// the IncrementalCheckpointer writes, into one run directory (`run_<timestamp>`,
// checkpointer.py L180-190), one `<task_name>.pkl.gz` per task instance, named
// `<TaskTemplate>_<instance index>` (suite_utils.py L376-403; checkpointer.py L118-128): the
// gzip'd pickle of a list of episode dicts, one per file as suite_utils saves them
// (checkpointer.py L53-72). The input is such a run directory (or a folder of them), or one file.
// Each file is read by Verity's pickle reader, which never runs it; a file that cannot be read
// (truncated, or naming a class that is not on the allow-list below) is rejected whole with
// its name, and the other files import. Episodes map as android-world-episode.ts says.
import { promises as fs } from "node:fs";
import path from "node:path";
import { ANDROID_WORLD_RECORD_GLOBALS, DATETIME_GLOBALS, NUMPY_GLOBALS, REQUESTS_RESPONSE_GLOBALS } from "@/lib/imports/pickle/known-globals";
import { readPickleFile } from "@/lib/imports/pickle/read-pickle-file";
import { isPickleObject } from "@/lib/imports/pickle/pickle-values";
import type { FormatParser, ParsedItem, ParserInput, RunRecord } from "@/lib/imports/records";
import { SourceRefusedError } from "@/lib/imports/sources/source-errors";
import { listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";
import { trajectoryOf } from "@/lib/imports/formats/android-world/android-world-episode";

// Task templates are Python class names (CamelCase); UI-Venus' `trajectory.pkl.gz` is not one.
const EPISODE_FILE = /^[A-Z][A-Za-z0-9]*(_[^/]+)?\.pkl\.gz$/;

const ALLOW = [...NUMPY_GLOBALS, ...DATETIME_GLOBALS, ...ANDROID_WORLD_RECORD_GLOBALS, ...REQUESTS_RESPONSE_GLOBALS];

// One episode of M3A holds three full-resolution screenshots a step (1080 x 2400 x 3 bytes
// each): a 20-step episode unpickles to ~470 MB, above the 256 MiB every other source file may
// expand to. The file is still bounded, at 1 GiB.
const EPISODE_BYTES = 1024 * 1024 * 1024;

type Run = { name: string; dir: string; files: string[] };

async function episodeFiles(dir: string): Promise<string[]> {
  return (await listFiles(dir)).filter((name) => EPISODE_FILE.test(name));
}

// A run directory is claimed by the episode files directly in it; a folder of runs is walked
// by the import (import-units.ts), which finds each run directory as its own unit.
async function locateRuns(input: ParserInput): Promise<Run[]> {
  if (input.file !== null) {
    if (!EPISODE_FILE.test(path.basename(input.file))) return [];
    const dir = path.dirname(path.join(input.root, input.file));
    return [{ name: path.basename(dir), dir, files: [path.basename(input.file)] }];
  }
  const files = await episodeFiles(input.root);
  return files.length ? [{ name: path.basename(input.root), dir: input.root, files }] : [];
}

function runRecord(root: string, run: Run): RunRecord {
  return {
    type: "run",
    location: { file: relativeToRoot(root, run.dir), line: null },
    name: run.name,
    benchmark: "androidworld",
    // The agent is named per episode (agent_name), not per run directory.
    model: null,
    meta: { dir: relativeToRoot(root, run.dir), files: run.files.length },
  };
}

async function* parseFile(root: string, run: Run, name: string): AsyncGenerator<ParsedItem> {
  const file = relativeToRoot(root, path.join(run.dir, name));
  let value;
  try {
    value = await readPickleFile(file, await fs.readFile(path.join(run.dir, name)), { allow: ALLOW, limits: { maxEntryBytes: EPISODE_BYTES }, budget: { maxBytes: EPISODE_BYTES } });
  } catch (error) {
    if (error instanceof SourceRefusedError) {
      yield { type: "rejected", location: { file, line: null }, reason: error.message };
      return;
    }
    throw error;
  }
  if (!Array.isArray(value)) {
    yield { type: "rejected", location: { file, line: null }, reason: `${file}: holds ${value === null ? "None" : typeof value} rather than the checkpointer's list of episodes` };
    return;
  }
  for (const [position, episode] of (value as readonly unknown[]).entries()) {
    if (episode === null || typeof episode !== "object" || !isPickleObject(episode as never)) {
      yield { type: "rejected", location: { file, line: position + 1 }, reason: `${file}: episode ${position} is not a dict` };
      continue;
    }
    const record = await trajectoryOf({ file, position, runName: run.name, episode: episode as never });
    if ("rejected" in record) yield { type: "rejected", location: { file, line: position + 1 }, reason: `${file}: ${record.rejected}` };
    else yield record;
  }
}

export const androidWorldParser: FormatParser = {
  id: "androidworld",
  label: "AndroidWorld run (checkpointer .pkl.gz episodes)",
  async detect(input: ParserInput): Promise<boolean> {
    return (await locateRuns(input)).length > 0;
  },
  async *parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    for (const run of await locateRuns(input)) {
      yield runRecord(input.root, run);
      for (const name of run.files) yield* parseFile(input.root, run, name);
    }
  },
};
