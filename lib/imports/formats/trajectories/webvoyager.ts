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
import { isFile, listDirectories, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

const taskIdOf = (folder: string) => (folder.startsWith("task") ? folder.slice("task".length) : folder);

async function* parseRoot(root: string): AsyncGenerator<ParsedItem> {
  const { tasks, rejections } = await loadWebVoyagerTasks(root);
  yield* rejections;
  if (await isFile(path.join(root, MESSAGES_FILE))) {
    const folder = path.basename(path.resolve(root));
    yield* parseWebVoyagerEpisode({ root, dir: root, task: tasks.get(taskIdOf(folder)) ?? null });
    return;
  }
  for (const folder of await listDirectories(root)) {
    const dir = path.join(root, folder);
    if (await isFile(path.join(dir, MESSAGES_FILE))) {
      yield* parseWebVoyagerEpisode({ root, dir, task: tasks.get(taskIdOf(folder)) ?? null });
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
