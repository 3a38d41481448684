import "server-only";
// OSWorld (xlang-ai/OSWorld) result folders: every example run.py evaluated, as trajectories
// with the evaluator's score (result.txt) as their rule verdict, grouped per
// action space / observation type / model into evaluation runs (run.py's own unit: one
// results folder per model and setting, whose success rate is the mean of result.txt).
// The layout is read in osworld-layout.ts, one example in osworld-episode.ts, and the agent's
// code in pyautogui-actions.ts / computer13-actions.ts, which never execute it.
import type { FormatParser, ParsedItem, ParserInput, RunRecord } from "@/lib/imports/records";
import { osworldSourceId, parseOsworldEpisode, readResult } from "@/lib/imports/formats/osworld/osworld-episode";
import { findOsworldEpisodes, looksLikeOsworld, type OsworldEpisodeDir } from "@/lib/imports/formats/osworld/osworld-layout";
import { relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

type Run = { name: string; actionSpace: string | null; observationType: string | null; model: string | null; episodes: OsworldEpisodeDir[] };

function runNameOf(episode: OsworldEpisodeDir): string | null {
  const parts = [episode.actionSpace, episode.observationType, episode.model];
  if (parts.every((p) => p === null)) return null;
  return `osworld/${parts.map((p) => p ?? "-").join("/")}`;
}

async function runRecord(root: string, run: Run): Promise<RunRecord> {
  const scores: number[] = [];
  let unreadable = 0;
  let unfinished = 0;
  for (const episode of run.episodes) {
    const result = await readResult(episode.dir);
    if (result.raw === null) unfinished += 1;
    else if (result.score === null) unreadable += 1;
    else scores.push(result.score);
  }
  const first = run.episodes[0]!;
  return {
    type: "run",
    location: { file: relativeToRoot(root, first.dir).split("/").slice(0, -2).join("/"), line: null },
    name: run.name,
    benchmark: "osworld",
    model: run.model,
    meta: {
      actionSpace: run.actionSpace,
      observationType: run.observationType,
      examples: run.episodes.length,
      scored: scores.length,
      unfinished,
      unreadableResults: unreadable,
      // What run.py's get_result prints as "Current Success Rate" (it counts an unreadable
      // result.txt as 0.0 and skips unfinished examples).
      successRate: scores.length + unreadable ? scores.reduce((a, b) => a + b, 0) / (scores.length + unreadable) : null,
    },
  };
}

async function* parseRoot(root: string): AsyncGenerator<ParsedItem> {
  const episodes = await findOsworldEpisodes(root);
  const runs = new Map<string, Run>();
  for (const episode of episodes) {
    const name = runNameOf(episode);
    if (!name) continue;
    const run = runs.get(name) ?? { name, actionSpace: episode.actionSpace, observationType: episode.observationType, model: episode.model, episodes: [] };
    run.episodes.push(episode);
    runs.set(name, run);
  }
  for (const run of runs.values()) yield await runRecord(root, run);
  const seen = new Map<string, string>();
  for (const episode of episodes) {
    const id = osworldSourceId(episode);
    const earlier = seen.get(id);
    if (earlier) {
      yield { type: "rejected", location: { file: relativeToRoot(root, episode.dir), line: null }, reason: `the same example as ${earlier} (${id}); the first one is kept` };
      continue;
    }
    seen.set(id, relativeToRoot(root, episode.dir));
    yield* parseOsworldEpisode(root, episode, runNameOf(episode));
  }
}

export const osworldParser: FormatParser = {
  id: "osworld",
  label: "OSWorld result folders (traj.jsonl, result.txt)",
  async detect(input: ParserInput): Promise<boolean> {
    if (input.file !== null) return false;
    return looksLikeOsworld(input.root);
  },
  parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    return parseRoot(input.root);
  },
};
