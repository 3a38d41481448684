import "server-only";
// UI-Venus's own mobile agent runs (inclusionAI/UI-Venus, Venus_framework/Venus_framework_mobile
// @ 81945ac). `RunHandler.run` writes each episode into `<trace_dir>/<episode_id>/`, the id
// being `<%Y%m%d_%H%M%S>_<first 10 letters of the task>_<8 hex of a uuid4>`
// (app/run_handler.py:118-128), with `screenshots/step_NNN.png` per step (run_handler.py:217-222)
// and, once the episode ends, `trajectory.pkl.gz` (run_handler.py:286-304): the episode dict
// pickled at pickle.HIGHEST_PROTOCOL and gzipped (utils/pickle_utils.py:6-16). An episode cut
// short before it ended has screenshots and no pickle; it is reported, not skipped.
//
// The pickle is read as plain values and never run (lib/imports/pickle): the dict holds only
// str / int / float / bool / None / list / dict (timestamps are time.time() floats), so no
// class is allowed; a pickle naming one, a truncated one and one that expands past the budget
// are refused for that episode alone, with the file and the reason in the report.
//
// What lands where:
//   - one trajectory per episode, keyed by episode_id; the goal, mini_app_name as the app, the
//     policy as the model (venus-policy.ts: the pickle names no model, its prompt shows the policy);
//   - `is_successful` (true only when the agent itself said SUCCESS, run_handler.py:235-241) is
//     the agent's claim: agentClaimedFinish, never the automatic outcome (no verifier ran);
//   - `termination_reason` (success, call_user, repeat_loop, max_steps, screenshot_failed,
//     policy_failed) is the trajectory's terminationReason, a list filter; the episode's other
//     fields are kept in its extra;
//   - one run per trace folder and policy, whose meta records the model coordinate convention
//     the policy's code used (venus-policy.ts), or that it is unknown;
//   - the reflection supervisor's acceptance of the action that ran: the step's verdict
//     (venus-reflection.ts; a step whose last judgement rejects has none).
import { promises as fs } from "node:fs";
import path from "node:path";
import type { FormatParser, ParsedItem, ParserInput, RunRecord, TrajectoryRecord } from "@/lib/imports/records";
import { readPickleFile } from "@/lib/imports/pickle/read-pickle-file";
import { DEFAULT_SOURCE_LIMITS } from "@/lib/imports/sources/limits";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import { SourceRefusedError } from "@/lib/imports/sources/source-errors";
import { isDirectory, isFile, joinRef, listDirectories, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";
import { VenusEpisodeSchema, toPlain, type VenusEpisode } from "@/lib/imports/formats/venus-framework/venus-episode";
import { MODEL_COORDINATES, inferVenusPolicy, type PolicyEvidence } from "@/lib/imports/formats/venus-framework/venus-policy";
import { venusStep } from "@/lib/imports/formats/venus-framework/venus-steps";
import type { PickleValue } from "@/lib/imports/pickle/pickle-values";

export const VENUS_DATASET = "ui-venus-framework";
export const TRAJECTORY_FILE = "trajectory.pkl.gz";
const SOURCE = "inclusionAI/UI-Venus Venus_framework/Venus_framework_mobile @ 81945ac";
// run_handler.py:119-123.
const EPISODE_NAME = /^\d{8}_\d{6}_.*_[0-9a-f]{8}$/;
const KNOWN_EPISODE_FIELDS = new Set(["goal", "episode_id", "device_id", "mini_app_name", "episode_data", "episode_length", "run_time", "is_successful", "ep_end", "termination_reason"]);

type EpisodeDir = { abs: string; rel: string; name: string };
type Layout = { label: string; episodes: EpisodeDir[]; unfinished: EpisodeDir[] };

async function locate(root: string): Promise<Layout> {
  if (await isFile(path.join(root, TRAJECTORY_FILE))) {
    // One episode given on its own: its trace folder is not part of the import.
    return { label: VENUS_DATASET, episodes: [{ abs: root, rel: "", name: path.basename(path.resolve(root)) }], unfinished: [] };
  }
  const episodes: EpisodeDir[] = [];
  const unfinished: EpisodeDir[] = [];
  for (const name of await listDirectories(root)) {
    const dir = { abs: path.join(root, name), rel: name, name };
    if (await isFile(path.join(dir.abs, TRAJECTORY_FILE))) episodes.push(dir);
    else if (EPISODE_NAME.test(name) && (await isDirectory(path.join(dir.abs, "screenshots")))) unfinished.push(dir);
  }
  return { label: path.basename(path.resolve(root)), episodes, unfinished };
}

function runRecord(label: string, location: string, policy: PolicyEvidence): RunRecord {
  return {
    type: "run",
    location: { file: location, line: null },
    name: `${label} (${policy.policy})`,
    benchmark: VENUS_DATASET,
    model: policy.policy === "unknown" ? null : policy.policy,
    meta: {
      source: SOURCE,
      policy: policy.policy,
      actionCoordinates: "action_pos in device pixels of the step's screenshot (imported as is)",
      // The grid the model's own numbers (kept in each step's raw output) are on.
      modelCoordinates: policy.policy === "unknown" ? null : MODEL_COORDINATES[policy.policy],
      ...(policy.policy === "unknown" ? { modelCoordinatesUnknown: `the policy is not recorded: ${policy.evidence}` } : {}),
    },
  };
}

async function readEpisode(dir: EpisodeDir, file: string): Promise<VenusEpisode | string> {
  const abs = path.join(dir.abs, TRAJECTORY_FILE);
  const stat = await fs.stat(abs);
  if (stat.size > DEFAULT_SOURCE_LIMITS.maxEntryBytes) return `the file is ${describeBytes(stat.size)}, above the ${describeBytes(DEFAULT_SOURCE_LIMITS.maxEntryBytes)} a file may have`;
  let value: PickleValue;
  try {
    value = await readPickleFile(file, await fs.readFile(abs));
  } catch (error) {
    if (error instanceof SourceRefusedError) return `pickle refused: ${error.reason}`;
    throw error;
  }
  const parsed = VenusEpisodeSchema.safeParse(toPlain(value));
  return parsed.success ? parsed.data : `not a UI-Venus framework episode: ${describeZodError(parsed.error)}`;
}

function trajectoryOf(dir: EpisodeDir, file: string, episode: VenusEpisode, policy: PolicyEvidence, runName: string): TrajectoryRecord {
  const steps = [];
  let invalid = 0;
  for (const [i, step] of episode.episode_data.entries()) {
    const mapped = venusStep(dir.rel, step, i, i === 0 ? undefined : episode.episode_data[i - 1]!.action);
    if (mapped.isInvalid) invalid += 1;
    steps.push(mapped.record);
  }
  const last = episode.episode_data.at(-1)?.action ?? null;
  const unknown = Object.fromEntries(Object.entries(episode).filter(([k]) => !KNOWN_EPISODE_FIELDS.has(k)));
  return {
    type: "trajectory",
    location: { file, line: null },
    sourceDataset: VENUS_DATASET,
    sourceId: episode.episode_id,
    goal: episode.goal,
    benchmark: VENUS_DATASET,
    app: episode.mini_app_name ?? null,
    model: policy.policy === "unknown" ? null : policy.policy,
    runName,
    groupKey: null,
    // No verifier ran: the framework's only word on success is the agent's own.
    autoOutcome: null,
    agentClaimedFinish: episode.is_successful,
    invalidActionCount: invalid,
    sourceReward: null,
    sourceAdvantage: null,
    terminationReason: episode.termination_reason,
    steps,
    verdicts: [],
    extra: {
      isSuccessful: episode.is_successful,
      epEnd: episode.ep_end ?? null,
      episodeLength: episode.episode_length ?? null,
      runTime: episode.run_time ?? null,
      deviceId: episode.device_id ?? null,
      // What CallUser asked or answered (run_handler.py:238-239), when the episode ended on it.
      callUserContent: last?.action_type === "CallUser" ? (last.input ?? "") : null,
      policy: policy.policy,
      policyEvidence: policy.evidence,
      ...(episode.episode_id !== dir.name && dir.rel !== "" ? { folder: dir.name } : {}),
      ...(Object.keys(unknown).length ? { unknownFields: unknown } : {}),
    },
  };
}

async function* parseVenusRuns(input: ParserInput): AsyncGenerator<ParsedItem> {
  const layout = await locate(input.root);
  for (const dir of layout.unfinished) {
    yield { type: "rejected", location: { file: dir.rel, line: null }, reason: `the episode folder has screenshots and no ${TRAJECTORY_FILE}: the run stopped before the episode ended and was saved` };
  }
  const runs = new Set<string>();
  for (const dir of layout.episodes) {
    const file = joinRef(dir.rel, TRAJECTORY_FILE);
    const episode = await readEpisode(dir, file);
    if (typeof episode === "string") {
      yield { type: "rejected", location: { file, line: null }, reason: episode };
      continue;
    }
    const policy = inferVenusPolicy(episode.episode_data);
    const run = runRecord(layout.label, relativeToRoot(input.root, input.root), policy);
    if (!runs.has(run.name)) {
      runs.add(run.name);
      yield run;
    }
    yield trajectoryOf(dir, file, episode, policy, run.name);
  }
}

export const venusFrameworkParser: FormatParser = {
  id: "ui-venus-framework",
  label: "UI-Venus framework episodes (trajectory.pkl.gz)",
  async detect(input: ParserInput): Promise<boolean> {
    if (input.file !== null) return false;
    if (await isFile(path.join(input.root, TRAJECTORY_FILE))) return true;
    for (const name of await listDirectories(input.root)) {
      if (await isFile(path.join(input.root, name, TRAJECTORY_FILE))) return true;
    }
    return false;
  },
  parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    return parseVenusRuns(input);
  },
};
