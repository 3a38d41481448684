import "server-only";
// AndroidControl episodes as JSON: a file holding one episode object, an array of them, or
// JSON Lines of them (the TFRecord's fields, see android-control-episode.ts). A folder of such
// files imports them all (the import input runs one format over every matching file).
import { promises as fs } from "node:fs";
import path from "node:path";
import type { FormatParser, ParsedItem, ParserInput } from "@/lib/imports/records";
import { androidControlTrajectory, screenshotCandidates, type EpisodeContext } from "@/lib/imports/formats/android-control/android-control-episode";
import { readFirstChar } from "@/lib/imports/formats/grounding/first-char";
import { readJsonHead } from "@/lib/imports/formats/grounding/json-head";
import { readJsonRecords } from "@/lib/imports/formats/grounding/json-records";
import { isFile, relativeToRoot, resolveInsideRoot } from "@/lib/imports/formats/trajectories/source-files";

// A single pretty-printed episode is read whole; past this size it must be JSON Lines.
const MAX_OBJECT_BYTES = 64 * 1024 * 1024;

function baseRelOf(root: string, file: string): string {
  const dir = path.posix.dirname(relativeToRoot(root, path.resolve(root, file)));
  return dir === "." ? "" : dir;
}

/** The naming conventions' paths that exist, for an episode that lists no screenshot paths. */
async function contextFor(root: string, baseRel: string, value: unknown): Promise<EpisodeContext> {
  const episode = value as { episode_id?: unknown; actions?: unknown; screenshots?: unknown } | null;
  const existing = new Set<string>();
  if (episode && episode.screenshots === undefined && Array.isArray(episode.actions)) {
    for (let i = 0; i < episode.actions.length; i++) {
      for (const candidate of screenshotCandidates(String(episode.episode_id), i)) {
        const rel = baseRel ? `${baseRel}/${candidate}` : candidate;
        const abs = resolveInsideRoot(root, rel);
        if (abs && (await isFile(abs))) existing.add(rel);
      }
    }
  }
  return { baseRel, exists: (rel) => existing.has(rel) };
}

async function* records(input: ParserInput): AsyncGenerator<{ value: unknown; location: { file: string; line: number | null } } | ParsedItem> {
  const file = input.file!;
  const abs = path.resolve(input.root, file);
  const first = await readFirstChar(abs);
  if (first.ok && first.char === "{" && file.toLowerCase().endsWith(".json")) {
    const size = (await fs.stat(abs)).size;
    if (size > MAX_OBJECT_BYTES) {
      yield { type: "rejected", location: { file, line: null }, reason: `a single JSON object of ${size} bytes is too large to read whole; write one episode per line (JSON Lines)` };
      return;
    }
    try {
      yield { value: JSON.parse(await fs.readFile(abs, "utf8")) as unknown, location: { file, line: null } };
    } catch (error) {
      yield { type: "rejected", location: { file, line: null }, reason: `not valid JSON: ${(error as Error).message}` };
    }
    return;
  }
  for await (const item of readJsonRecords(input)) {
    if (item.type === "rejected") yield item;
    else yield { value: item.value, location: item.location };
  }
}

export const androidControlParser: FormatParser = {
  id: "android-control",
  label: "AndroidControl episodes (JSON / JSONL with the TFRecord's fields)",
  async detect(input: ParserInput): Promise<boolean> {
    const head = await readJsonHead(input);
    if (!head) return false;
    const keys = head.recordKeys;
    return keys.has("episode_id") && keys.has("goal") && keys.has("actions") && (keys.has("step_instructions") || keys.has("screenshot_widths") || keys.has("screenshots"));
  },
  async *parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    if (input.file === null) {
      yield { type: "rejected", location: { file: "", line: null }, reason: "AndroidControl episodes are read from JSON or JSONL files" };
      return;
    }
    const baseRel = baseRelOf(input.root, input.file);
    for await (const item of records(input)) {
      if ("type" in item) yield item;
      else yield androidControlTrajectory(item.value, item.location, await contextFor(input.root, baseRel, item.value));
    }
  },
};
