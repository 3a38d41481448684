import "server-only";
// GUI-Odyssey (OpenGVLab/GUI-Odyssey README "Dataset Access"): `data/annotations/*.json`, one
// episode per file, and `data/screenshots/*.png` named by the steps. The import root may be
// the repository, `data/`, the annotations folder, or one episode file; the screenshots are
// looked up in the `screenshots` folder beside `annotations`. Episode files are small and
// read whole, one at a time.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { FormatParser, ParsedItem, ParserInput } from "@/lib/imports/records";
import { readJsonHead } from "@/lib/imports/formats/grounding/json-head";
import { guiOdysseyTrajectory, type EpisodeFiles } from "@/lib/imports/formats/gui-odyssey/gui-odyssey-episode";
import { isDirectory, joinRef, listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

type Layout = { annotations: string; screenshots: string | null };

// Only the first 16 KB are looked at, so the long `steps` array may start after them.
async function isEpisodeFile(root: string, file: string): Promise<boolean> {
  const head = await readJsonHead({ root, file });
  if (!head || head.shape !== "object") return false;
  return head.topKeys.has("episode_id") && head.topKeys.has("device_info") && (head.topKeys.has("task_info") || head.topKeys.has("steps"));
}

async function firstJson(dir: string): Promise<string | null> {
  return (await listFiles(dir)).find((n) => n.toLowerCase().endsWith(".json")) ?? null;
}

async function locate(root: string): Promise<Layout | null> {
  for (const candidate of [path.join(root, "data", "annotations"), path.join(root, "annotations"), root]) {
    if (!(await isDirectory(candidate))) continue;
    const first = await firstJson(candidate);
    if (!first || !(await isEpisodeFile(candidate, first))) continue;
    const sibling = path.join(path.dirname(candidate), "screenshots");
    const inside = path.join(candidate, "screenshots");
    const screenshots = candidate === root ? ((await isDirectory(inside)) ? inside : null) : (await isDirectory(sibling)) ? sibling : null;
    return { annotations: candidate, screenshots };
  }
  return null;
}

function filesFor(root: string, screenshotsDir: string | null, names: Set<string>): EpisodeFiles {
  return {
    screenshotRef(name) {
      if (!screenshotsDir) return { ref: name, isMissing: false };
      return { ref: joinRef(relativeToRoot(root, screenshotsDir), name), isMissing: !names.has(name) };
    },
  };
}

async function readEpisode(abs: string, file: string, files: EpisodeFiles): Promise<ParsedItem[]> {
  let value: unknown;
  try {
    value = JSON.parse(await fs.readFile(abs, "utf8"));
  } catch (error) {
    return [{ type: "rejected", location: { file, line: null }, reason: `not valid JSON: ${(error as Error).message}` }];
  }
  return guiOdysseyTrajectory(value, { file, line: null }, files);
}

async function* parseDirectory(root: string, layout: Layout): AsyncGenerator<ParsedItem> {
  const names = new Set(layout.screenshots ? await listFiles(layout.screenshots) : []);
  const files = filesFor(root, layout.screenshots, names);
  for (const name of await listFiles(layout.annotations)) {
    if (!name.toLowerCase().endsWith(".json")) continue;
    const abs = path.join(layout.annotations, name);
    yield* await readEpisode(abs, relativeToRoot(root, abs), files);
  }
}

export const guiOdysseyParser: FormatParser = {
  id: "gui-odyssey",
  label: "GUI-Odyssey episodes (annotations/*.json + screenshots/)",
  async detect(input: ParserInput): Promise<boolean> {
    if (input.file !== null) return isEpisodeFile(input.root, input.file);
    return (await locate(input.root)) !== null;
  },
  async *parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    if (input.file !== null) {
      // One episode file: its screenshots are found by name wherever they are in the import.
      yield* await readEpisode(path.resolve(input.root, input.file), input.file, filesFor(input.root, null, new Set()));
      return;
    }
    const layout = await locate(input.root);
    if (!layout) {
      yield { type: "rejected", location: { file: "", line: null }, reason: "no GUI-Odyssey annotations folder (data/annotations, annotations, or episode files at the root)" };
      return;
    }
    yield* parseDirectory(input.root, layout);
  },
};
