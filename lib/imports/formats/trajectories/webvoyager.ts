import "server-only";
// WebVoyager result directories (MinorJerry/WebVoyager): the root holds `task<id>/` folders
// (ids like "Allrecipes--4" or "Cambridge Dictionary--29", so names may contain spaces), each
// with `interact_messages.json` and `screenshot{n}.png`, and optionally the task list
// (`tasks_test.jsonl`) that gives each id its question and site. A root that is itself one
// task folder is read too. One trajectory per folder; actions name numbered elements, never
// coordinates (see webvoyager-actions.ts).
import path from "node:path";
import type { FormatParser, ParsedItem, ParserInput } from "@/lib/imports/records";
import { MESSAGES_FILE, parseWebVoyagerEpisode } from "@/lib/imports/formats/trajectories/webvoyager-episode";
import { loadWebVoyagerTasks } from "@/lib/imports/formats/trajectories/webvoyager-tasks";
import { loadAutoEvalVerdicts, loadReferenceAnswers } from "@/lib/imports/formats/trajectories/webvoyager-evaluation";
import { isFile, listDirectories, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

const taskIdOf = (folder: string) => (folder.startsWith("task") ? folder.slice("task".length) : folder);

// Task folders are keyed by their name alone (one trajectory per task id in a project), so
// the episodes of every WebVoyager import of a project form one evaluation run.
export const WEBVOYAGER_RUN = "webvoyager";

async function* parseRoot(root: string): AsyncGenerator<ParsedItem> {
  const { tasks, rejections } = await loadWebVoyagerTasks(root);
  yield* rejections;
  const references = await loadReferenceAnswers(root);
  yield* references.rejections;
  const autoEval = await loadAutoEvalVerdicts(root);
  yield* autoEval.rejections;
  yield {
    type: "run",
    location: { file: ".", line: null },
    name: WEBVOYAGER_RUN,
    benchmark: "webvoyager",
    model: null,
    meta: { referenceAnswers: references.answers.size, autoEvalVerdicts: autoEval.verdicts.size },
  };
  const episode = (dir: string, folder: string) => {
    const taskId = taskIdOf(folder);
    return parseWebVoyagerEpisode({ root, dir, task: tasks.get(taskId) ?? null, runName: WEBVOYAGER_RUN, reference: references.answers.get(taskId) ?? null, autoEval: autoEval.verdicts.get(folder) ?? null });
  };
  if (await isFile(path.join(root, MESSAGES_FILE))) {
    yield* episode(root, path.basename(path.resolve(root)));
    return;
  }
  for (const folder of await listDirectories(root)) {
    const dir = path.join(root, folder);
    if (await isFile(path.join(dir, MESSAGES_FILE))) {
      yield* episode(dir, folder);
    } else if (folder.startsWith("task")) {
      // run.py writes the chat log only when a task ends, so a crashed task leaves screenshots alone.
      yield {
        type: "rejected",
        location: { file: relativeToRoot(root, dir), line: null },
        reason: `task folder has no ${MESSAGES_FILE} (the run stopped before the task ended?)`,
      };
    }
  }
}

export const webVoyagerParser: FormatParser = {
  id: "webvoyager",
  label: "WebVoyager result directory",
  async detect(input: ParserInput): Promise<boolean> {
    if (input.file !== null) return false;
    if (await isFile(path.join(input.root, MESSAGES_FILE))) return true;
    for (const folder of await listDirectories(input.root)) {
      if (await isFile(path.join(input.root, folder, MESSAGES_FILE))) return true;
    }
    return false;
  },
  parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    return parseRoot(input.root);
  },
};
