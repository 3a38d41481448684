import "server-only";
// One AgentLab / BrowserGym experiment folder -> one trajectory, from the two parts that are
// not pickles (ServiceNow/AgentLab src/agentlab/experiments/loop.py):
//   - `screenshot_step_<k>.png`: the observation of step k, saved with step k's StepInfo
//     before the action chosen on it is sent (save_step_info); step 0 is the page after
//     reset, and the StepInfo after the last action (no action) is saved too, so
//     summary_info's n_steps = len(episode_info) - 1 screenshots carry an action and the one
//     after them is the final page;
//   - `summary_info.json`: n_steps, cum_reward, err_msg, stack_trace, terminated, truncated
//     and the stats.* sums (save_summary_info).
// Everything else the experiment knows (each step's action, the agent's thoughts, the goal,
// the task's arguments) is in `step_<k>.pkl.gz`, `goal_object.pkl.gz` and `exp_args.pkl`:
// Python pickles, which run code when loaded. Verity never unpickles: each one is reported as
// refused, and the steps carry no action.
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { ParsedItem, Rejection, StepRecord, TrajectoryRecord, VerdictRecord } from "@/lib/imports/records";
import { joinRef, listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

export const SUMMARY_FILE = "summary_info.json";
export const LOG_FILE = "experiment.log";
export const SCREENSHOT = /^screenshot_step_(\d+)\.png$/;
export const SOM_SCREENSHOT = /^screenshot_som_step_(\d+)\.png$/;
export const PICKLE = /\.pkl(\.gz)?$/i;

const SummarySchema = z.looseObject({
  n_steps: z.number().int().nonnegative(),
  cum_reward: z.number().nullish(),
  cum_raw_reward: z.number().nullish(),
  err_msg: z.string().nullish(),
  stack_trace: z.string().nullish(),
  terminated: z.boolean().nullish(),
  truncated: z.boolean().nullish(),
});
export type Summary = z.infer<typeof SummarySchema>;

// loop.py names the folder `<%Y-%m-%d_%H-%M-%S>_<agent_name>_on_<task_name>_<task_seed>`,
// with `_<i>` added when that name exists; older AgentLab versions added a short hash instead.
const EXP_DIR = /^(\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2})_(.+?)_on_(.+?)_(\d+|None)(?:_([0-9a-f]{6}|\d+))?$/;

export type ExperimentName = { date: string; agentName: string; taskName: string; seed: string } | null;

export function parseExperimentName(name: string): ExperimentName {
  const m = EXP_DIR.exec(name);
  return m ? { date: m[1]!, agentName: m[2]!, taskName: m[3]!, seed: m[4]! } : null;
}

/** The benchmark is the task name's first component (`miniwob.click-test`, `webarena.310`). */
export function benchmarkOf(taskName: string | null): string {
  const prefix = taskName?.split(".")[0];
  return prefix && prefix !== taskName ? prefix : "browsergym";
}

function pickleReason(name: string): string {
  const holds =
    name === "exp_args.pkl"
      ? "the experiment's arguments (agent and task configuration)"
      : name === "goal_object.pkl.gz"
        ? "the task's goal"
        : name === "study.pkl.gz"
          ? "the study definition"
          : /^step_\d+\.pkl\.gz$/.test(name)
            ? `step ${name.match(/\d+/)![0]}'s action, observation and agent output`
            : "Python objects";
  return `refused: a Python pickle (${holds}). Unpickling runs code from the file, so Verity never opens pickles; what it holds is not imported`;
}

export function pickleRejections(root: string, dir: string, names: string[]): Rejection[] {
  return names.filter((n) => PICKLE.test(n)).map((n) => ({ type: "rejected", location: { file: relativeToRoot(root, path.join(dir, n)), line: null }, reason: pickleReason(n) }));
}

function verdictOf(summary: Summary, benchmark: string): VerdictRecord {
  const reward = summary.cum_reward ?? null;
  // BrowserGym tasks reward 1 on success; AgentLab counts an episode that raised as an error,
  // not as a result (inspect_results reports it apart), so its outcome is unknown here.
  const valueBool = summary.err_msg ? null : reward === null ? null : reward >= 1 ? true : reward <= 0 ? false : null;
  const rationale = summary.err_msg
    ? `the episode ended with an error (${summary.err_msg.split("\n")[0]!.slice(0, 200)}); cum_reward ${reward}`
    : `cum_reward ${reward} from the BrowserGym task's own check${valueBool === null ? " (partial reward: neither a success nor a failure)" : ""}; terminated=${summary.terminated ?? "?"}, truncated=${summary.truncated ?? "?"}`;
  return { kind: "rule", judgeName: `browsergym/${benchmark}`, promptVersion: null, metric: "trace_success", valueBool, valueScore: null, rationale, rawOutput: JSON.stringify({ cum_reward: summary.cum_reward, cum_raw_reward: summary.cum_raw_reward, err_msg: summary.err_msg ?? null, terminated: summary.terminated, truncated: summary.truncated }) };
}

export async function readSummary(abs: string, file: string): Promise<{ summary: Summary | null; rejection: Rejection | null }> {
  let value: unknown;
  try {
    value = JSON.parse(await fs.readFile(abs, "utf8"));
  } catch (error) {
    return { summary: null, rejection: { type: "rejected", location: { file, line: null }, reason: `summary_info.json is not valid JSON: ${(error as Error).message}` } };
  }
  const parsed = SummarySchema.safeParse(value);
  if (parsed.success) return { summary: parsed.data, rejection: null };
  return { summary: null, rejection: { type: "rejected", location: { file, line: null }, reason: `not an AgentLab summary_info.json: ${describeZodError(parsed.error)}` } };
}

const numbered = (names: string[], pattern: RegExp) => new Map(names.flatMap((n) => { const m = pattern.exec(n); return m ? [[Number(m[1]), n] as const] : []; }));

export async function* parseAgentLabExperiment(root: string, dir: string, runName: string | null): AsyncGenerator<ParsedItem> {
  const rel = relativeToRoot(root, dir);
  const folder = path.basename(path.resolve(dir));
  const names = await listFiles(dir);
  yield* pickleRejections(root, dir, names);
  const summaryFile = joinRef(rel, SUMMARY_FILE);
  const { summary, rejection } = names.includes(SUMMARY_FILE) ? await readSummary(path.join(dir, SUMMARY_FILE), summaryFile) : { summary: null, rejection: null };
  if (rejection) yield rejection;
  const screenshots = numbered(names, SCREENSHOT);
  const som = numbered(names, SOM_SCREENSHOT);
  const highest = Math.max(-1, ...screenshots.keys());
  const stepCount = summary ? summary.n_steps : highest + 1;
  const steps: StepRecord[] = [];
  for (let k = 0; k < stepCount; k++) {
    const file = screenshots.get(k) ?? `screenshot_step_${k}.png`;
    const notes = [`the action is in step_${k}.pkl.gz, a pickle Verity does not open`];
    if (!screenshots.has(k)) notes.push(`${file} is missing`);
    if (!summary && k === stepCount - 1) notes.push("without summary_info.json the number of actions is unknown: this last screenshot may be the final page");
    steps.push({ index: k, imageRef: joinRef(rel, file), action: null, actionContract: null, isRepeated: false, rawOutput: null, thought: null, uiTreeRef: null, note: notes.join("; "), verdicts: [] });
  }
  const name = parseExperimentName(folder);
  const benchmark = benchmarkOf(name?.taskName ?? null);
  const location = { file: summary ? summaryFile : rel || folder, line: null };
  if (!summary && steps.length === 0) {
    yield { type: "rejected", location, reason: "an AgentLab experiment folder with neither summary_info.json nor screenshots: nothing readable without unpickling" };
    return;
  }
  const verdict = summary ? verdictOf(summary, benchmark) : null;
  const record: TrajectoryRecord = {
    type: "trajectory",
    location,
    sourceDataset: "agentlab",
    sourceId: folder,
    // The goal itself is in goal_object.pkl.gz; the task name is what can be read.
    goal: name ? `BrowserGym task ${name.taskName}` : `AgentLab experiment ${folder}`,
    benchmark,
    app: null,
    model: name?.agentName ?? null,
    runName,
    groupKey: name ? `${name.taskName}_${name.seed}` : null,
    autoOutcome: verdict?.valueBool ?? null,
    agentClaimedFinish: false,
    invalidActionCount: 0,
    sourceReward: summary?.cum_reward ?? null,
    sourceAdvantage: null,
    steps,
    verdicts: verdict ? [verdict] : [],
    extra: {
      experiment: folder,
      ...(name ? { date: name.date, agentName: name.agentName, taskName: name.taskName, seed: name.seed } : { nameUnreadable: true }),
      goalSource: "goal_object.pkl.gz (a pickle, not read)",
      summary: summary ?? null,
      endScreenshotRef: summary && screenshots.has(summary.n_steps) ? joinRef(rel, screenshots.get(summary.n_steps)!) : null,
      somScreenshotRefs: [...som.entries()].sort(([a], [b]) => a - b).map(([, n]) => joinRef(rel, n)),
      logRef: names.includes(LOG_FILE) ? joinRef(rel, LOG_FILE) : null,
    },
  };
  yield record;
}
