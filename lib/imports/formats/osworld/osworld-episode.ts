import "server-only";
// One OSWorld example folder -> one trajectory. lib_run_single.py writes, for every action an
// agent returns (a predict call may return several), one traj.jsonl line
//   {step_num, action_timestamp, action, response?, reward, done, info, screenshot_file}
// AFTER executing it, and saves the screenshot taken after the action as
// `step_<step_num>_<action_timestamp>.png` (screenshot_file). So the screen an action was
// performed on is the previous line's screenshot; the first action's screen (the observation
// after reset) is never saved, and the last screenshot is the end state. Lines of one predict
// call share a step_num. Timestamps have one-second resolution, so two actions of one call in
// the same second write the same file name and the later screenshot replaces the earlier:
// the step that would show the earlier one gets no screenshot rather than a wrong one. A
// `{"Error": ...}` line is run.py's note that the example crashed or timed out.
// One line can hold several calls; each canonical action becomes its own step, and the steps
// of one line share its screenshot, code and response.
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Action } from "@/lib/domain/actions";
import type { ParsedItem, StepRecord, TrajectoryRecord, VerdictRecord } from "@/lib/imports/records";
import { jsonLines } from "@/lib/imports/formats/jsonl-lines";
import { mapComputer13Action } from "@/lib/imports/formats/osworld/computer13-actions";
import { RESULT_FILE, TRAJ_FILE, exampleConfigPath, type OsworldEpisodeDir } from "@/lib/imports/formats/osworld/osworld-layout";
import { specialAction, type MappedStep, type Pointer } from "@/lib/imports/formats/osworld/pointer";
import { mapPyautoguiCode } from "@/lib/imports/formats/osworld/pyautogui-actions";
import { joinRef, listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

const TrajLineSchema = z.looseObject({
  step_num: z.number().int(),
  action_timestamp: z.string(),
  action: z.unknown(),
  response: z.unknown().optional(),
  reward: z.number().nullish(),
  done: z.boolean().nullish(),
  info: z.unknown().optional(),
  screenshot_file: z.string().nullish(),
});
type TrajLine = z.infer<typeof TrajLineSchema> & { line: number };

const ErrorLineSchema = z.object({ Error: z.string() });

const ExampleSchema = z.looseObject({
  id: z.string().optional(),
  instruction: z.string().min(1),
  snapshot: z.string().optional(),
  related_apps: z.array(z.string()).optional(),
  evaluator: z.looseObject({ func: z.union([z.string(), z.array(z.string())]).optional() }).optional(),
});

export type EpisodeScore = { score: number | null; raw: string | null };

/** result.txt holds `env.evaluate()`'s float; missing means the example did not finish. */
export async function readResult(dir: string): Promise<EpisodeScore> {
  const raw = await fs.readFile(path.join(dir, RESULT_FILE), "utf8").catch(() => null);
  if (raw === null) return { score: null, raw: null };
  const value = Number(raw.trim());
  return { score: raw.trim() !== "" && Number.isFinite(value) ? value : null, raw };
}

function verdictOf(result: EpisodeScore): VerdictRecord | null {
  if (result.raw === null) return null;
  const { score } = result;
  // Scores are 0 or 1 for most evaluators; a few give partial credit, which OSWorld averages
  // into its success rate. Only the two ends are a success or a failure.
  const valueBool = score === null ? null : score >= 1 ? true : score <= 0 ? false : null;
  const rationale =
    score === null
      ? `result.txt is not a number (${JSON.stringify(result.raw.trim().slice(0, 40))}); OSWorld's get_result counts it as 0.0, here it is unknown`
      : valueBool === null
        ? `OSWorld evaluator score ${score}: partial credit, counted as ${score} of a success in OSWorld's average; neither a success nor a failure here`
        : `OSWorld evaluator score ${score} (env.evaluate(), result.txt)`;
  return { kind: "rule", judgeName: "osworld/evaluator", promptVersion: null, metric: "trace_success", valueBool, valueScore: null, rationale, rawOutput: result.raw };
}

function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.trim() === "" ? null : text;
}

function mapLine(action: unknown, actionSpace: string | null, pointer: Pointer): MappedStep {
  const special = specialAction(action);
  if (special) return { ok: true, actions: [special], notes: [], pointer };
  // The value's own type says which space wrote it: pyautogui actions are code strings,
  // computer_13 actions are dicts (desktop_env.py step()).
  if (typeof action === "string" && actionSpace !== "computer_13") return mapPyautoguiCode(action, pointer);
  if (typeof action === "object" && action !== null && actionSpace !== "pyautogui") return mapComputer13Action(action, pointer);
  return { ok: false, reason: `a ${typeof action} action in the ${actionSpace} action space`, pointer };
}

/** `lastWriter`: the traj.jsonl line whose screenshot each file name finally holds. */
type Screens = { files: Set<string>; rel: string; lastWriter: Map<string, TrajLine> };

function screenshotName(line: TrajLine): string {
  // lib_run_single.py names the file from step_num and the timestamp when it does not say.
  return line.screenshot_file ?? `step_${line.step_num}_${line.action_timestamp}.png`;
}

function beforeScreen(screens: Screens, previous: TrajLine | null, notes: string[]): string | null {
  if (!previous) {
    notes.push("OSWorld saves no screenshot before the first action (the one after it is the next step's)");
    return null;
  }
  const name = screenshotName(previous);
  if (screens.lastWriter.get(name) !== previous) {
    notes.push(`${name} was written again in the same second by traj.jsonl line ${screens.lastWriter.get(name)!.line}; it holds that later screen, so this step has none`);
    return null;
  }
  if (!screens.files.has(name)) notes.push(`screenshot ${name} is missing`);
  return joinRef(screens.rel, name);
}

function stepsOf(lines: TrajLine[], screens: Screens, actionSpace: string | null, errors: string[]): { steps: StepRecord[]; unmapped: number } {
  const steps: StepRecord[] = [];
  let pointer: Pointer = null;
  let unmapped = 0;
  lines.forEach((line, i) => {
    const previous = i > 0 ? lines[i - 1]! : null;
    const notes: string[] = [];
    const imageRef = beforeScreen(screens, previous, notes);
    if (previous && previous.step_num === line.step_num) {
      notes.push(`predicted in the same call as traj.jsonl line ${previous.line} (step_num ${line.step_num}), from the screen before that line`);
    }
    const mapped = mapLine(line.action, actionSpace, pointer);
    pointer = mapped.pointer;
    const rawOutput = textOf(line.action);
    const thought = textOf(line.response);
    const actions: (Action | null)[] = mapped.ok ? mapped.actions : [null];
    if (!mapped.ok) {
      unmapped += 1;
      notes.push(`traj.jsonl line ${line.line}: ${mapped.reason}; the code is kept as the raw output`);
    } else notes.push(...mapped.notes);
    if (i === lines.length - 1 && errors.length) notes.push(`the run logged after this step: ${errors.join("; ")}`);
    actions.forEach((action, k) => {
      const split = actions.length > 1 ? [`action ${k + 1} of ${actions.length} in traj.jsonl line ${line.line}, on the same screenshot`] : [];
      const all = [...split, ...notes];
      steps.push({
        index: steps.length,
        imageRef,
        action,
        actionContract: null,
        isRepeated: false,
        rawOutput,
        thought,
        uiTreeRef: null,
        note: all.length ? all.join("; ") : null,
        verdicts: [],
      });
    });
  });
  return { steps, unmapped };
}

async function readExample(root: string, episode: OsworldEpisodeDir) {
  const file = await exampleConfigPath(root, episode.domain, episode.taskId);
  if (!file) return { example: null, rejection: null };
  const location = { file: relativeToRoot(root, file), line: null };
  try {
    const parsed = ExampleSchema.safeParse(JSON.parse(await fs.readFile(file, "utf8")));
    if (parsed.success) return { example: { ...parsed.data, location }, rejection: null };
    return { example: null, rejection: { type: "rejected" as const, location, reason: `not an OSWorld task config: ${describeZodError(parsed.error)}` } };
  } catch (error) {
    return { example: null, rejection: { type: "rejected" as const, location, reason: `not valid JSON: ${(error as Error).message}` } };
  }
}

export function osworldSourceId(episode: OsworldEpisodeDir): string {
  return [episode.actionSpace, episode.observationType, episode.model, episode.domain, episode.taskId].map((p) => p ?? "-").join("/");
}

export async function* parseOsworldEpisode(root: string, episode: OsworldEpisodeDir, runName: string | null): AsyncGenerator<ParsedItem> {
  const rel = relativeToRoot(root, episode.dir);
  const trajRel = joinRef(rel, TRAJ_FILE);
  const lines: TrajLine[] = [];
  const errors: string[] = [];
  const skipped: number[] = [];
  const hasTraj = (await listFiles(episode.dir)).includes(TRAJ_FILE);
  if (hasTraj) {
    for await (const entry of jsonLines(path.join(episode.dir, TRAJ_FILE))) {
      const location = { file: trajRel, line: entry.line };
      if ("error" in entry) {
        skipped.push(entry.line);
        yield { type: "rejected", location, reason: entry.error };
        continue;
      }
      const error = ErrorLineSchema.safeParse(entry.value);
      if (error.success) {
        errors.push(error.data.Error);
        continue;
      }
      const parsed = TrajLineSchema.safeParse(entry.value);
      if (!parsed.success) {
        skipped.push(entry.line);
        yield { type: "rejected", location, reason: `not a traj.jsonl step: ${describeZodError(parsed.error)}` };
        continue;
      }
      lines.push({ ...parsed.data, line: entry.line });
    }
  }
  const files = new Set(await listFiles(episode.dir));
  const lastWriter = new Map(lines.map((line) => [screenshotName(line), line]));
  const { steps, unmapped } = stepsOf(lines, { files, rel, lastWriter }, episode.actionSpace, errors);
  const result = await readResult(episode.dir);
  const verdict = verdictOf(result);
  const { example, rejection } = await readExample(root, episode);
  if (rejection) yield rejection;
  const last = steps.at(-1)?.action;
  const record: TrajectoryRecord = {
    type: "trajectory",
    location: { file: hasTraj ? trajRel : joinRef(rel, RESULT_FILE), line: null },
    sourceDataset: "osworld",
    sourceId: osworldSourceId(episode),
    // Without the task config the instruction is nowhere in a results folder.
    goal: example?.instruction ?? `OSWorld ${episode.domain ?? "?"}/${episode.taskId} (no instruction: its task config is not in the import)`,
    benchmark: "osworld",
    app: episode.domain,
    model: episode.model,
    runName,
    groupKey: `${episode.domain ?? "-"}/${episode.taskId}`,
    autoOutcome: verdict?.valueBool ?? null,
    agentClaimedFinish: last?.type === "finish" && !last.isInfeasible,
    // Code Verity cannot read is not an invalid action: OSWorld ran it.
    invalidActionCount: 0,
    sourceReward: result.score,
    sourceAdvantage: null,
    steps,
    verdicts: verdict ? [verdict] : [],
    extra: {
      taskId: episode.taskId,
      domain: episode.domain,
      actionSpace: episode.actionSpace,
      observationType: episode.observationType,
      endScreenshotRef: lines.length ? joinRef(rel, screenshotName(lines.at(-1)!)) : null,
      recordingRef: files.has("recording.mp4") ? joinRef(rel, "recording.mp4") : null,
      unmappedLines: unmapped,
      finished: result.raw !== null,
      ...(errors.length ? { runErrors: errors } : {}),
      ...(skipped.length ? { skippedTrajLines: skipped } : {}),
      ...(example
        ? { instructionSource: example.location.file, snapshot: example.snapshot ?? null, relatedApps: example.related_apps ?? [], evaluatorFunc: example.evaluator?.func ?? null }
        : { instructionSource: null, instructionExpectedAt: `evaluation_examples/examples/${episode.domain ?? "<domain>"}/${episode.taskId}.json` }),
    },
  };
  yield record;
}
