import "server-only";
// UI-Venus-2 run output (inclusionAI/UI-Venus @ 81945ac, models/mobile/examples/
// example_output.json, written by models/mobile/mobile_example.py save_result L226-243): one
// task run over prerecorded screenshots, `{task, model_name, turns[]}`, each turn
// `{turn, screenshot, think, action, parsed_action, raw_response}` (L280-288). One file is one
// run of one model on one task: it becomes one evaluation run and one trajectory.
//
//   - `screenshot` is relative to the folder of the runner's INPUT file (L264, L282), which is
//     the output's folder in the repository's example but not by default (README: output in
//     results/mobile/). The reference is kept as written; the writer looks it up from the
//     JSON's folder first, then by its tail anywhere in the upload (folder or zip), and names
//     every screenshot it cannot find in the report (the step is kept, image_missing).
//   - Actions: ui-venus2-actions.ts. Pixels come from `parsed_action.action_pos` (device px =
//     screenshot px). The model's own points are on a grid (`Click(point=(897, 937))`): the
//     prompt says 0..999 (L22-23) while the runner divides by NORM = 1000 (L103, L159-160).
//     Which one a file used is not assumed: each step keeps its grid points (`extra.grid`)
//     beside its pixels (`extra.actionPos`), and once the screenshots' sizes are known the
//     writer records on the run the convention that reproduces action_pos
//     (lib/imports/write/grid-check.ts, meta.gridCheck). The raw reply keeps the grid values.
//   - `Finished` (action_type SUCCESS) is the agent's claim that it is done: the trajectory's
//     agentClaimedFinish and a finish action with its message. The runner judges nothing, so
//     there is no automatic outcome and no verdict.
//   - The file names no id: the run and trajectory are keyed by a hash of the file's content,
//     so re-importing it finds them again wherever it was uploaded from. The runner rewrites the
//     file after every turn (L290): a file read mid-run is another content, another trajectory.
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { FormatParser, ParsedItem, ParserInput, RunRecord, StepRecord, TrajectoryRecord } from "@/lib/imports/records";
import { readJsonHead } from "@/lib/imports/formats/grounding/json-head";
import { contentSourceId } from "@/lib/imports/formats/grounding/source-id";
import { mapVenus2Action, ParsedActionSchema, VENUS2_PIXELS } from "@/lib/imports/formats/trajectories/ui-venus2-actions";
import { readModelCall } from "@/lib/imports/formats/venus-framework/venus-action-space";
import { UI_VENUS2_RUN_KIND } from "@/lib/imports/formats/trajectories/ui-venus2-run-kind";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";
import { unknownKeys } from "@/lib/imports/formats/unknown-keys";

export const UI_VENUS2_DATASET = "ui-venus-2";

const RunSchema = z.object({
  task: z.string().trim().min(1, "must not be empty"),
  model_name: z.string().nullish(),
  turns: z.array(z.unknown()).min(1, "a run needs at least one turn"),
});
const RUN_FIELDS = Object.keys(RunSchema.shape);

const TurnSchema = z.object({
  turn: z.number().int().nullish(),
  screenshot: z.string().trim().min(1, "must name the turn's screenshot"),
  think: z.string().nullish(),
  action: z.string().nullish(),
  parsed_action: ParsedActionSchema,
  raw_response: z.string().nullish(),
});
type Turn = z.infer<typeof TurnSchema>;
const TURN_FIELDS = Object.keys(TurnSchema.shape);

// The file is one task and is read whole; a run of thousands of turns is still a few MB.
const MAX_BYTES = 64 * 1024 * 1024;

const orNull = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);

type Step = { record: StepRecord; isInvalid: boolean };

function stepOf(turn: Turn, raw: unknown, index: number, previousAction: string | null): Step {
  const call = readModelCall(turn.action);
  const mapped = mapVenus2Action(turn.parsed_action, call);
  const action = turn.action?.trim() ?? "";
  const extra: Record<string, unknown> = {
    ...unknownKeys(raw, TURN_FIELDS),
    turn: turn.turn ?? null,
    action: turn.action ?? null,
    // As the file wrote it (the schema fills in what it leaves out).
    parsedAction: (raw as Record<string, unknown>).parsed_action,
  };
  // Pairs for the grid check, only where the runner converted exactly the model's points.
  if (call && call.points.length > 0 && call.points.length === turn.parsed_action.action_pos.length) {
    extra.grid = call.points;
    extra.actionPos = turn.parsed_action.action_pos;
  }
  return {
    isInvalid: mapped.isInvalid,
    record: {
      index,
      imageRef: turn.screenshot,
      action: mapped.action,
      actionContract: mapped.action && mapped.isLocated ? VENUS2_PIXELS : null,
      isRepeated: action !== "" && action === previousAction,
      rawOutput: turn.raw_response ?? turn.action ?? null,
      thought: orNull(turn.think),
      uiTreeRef: null,
      note: mapped.notes.length ? mapped.notes.join("; ") : null,
      verdicts: [],
      extra,
    },
  };
}

function* recordsOf(file: string, value: unknown): Generator<ParsedItem> {
  const run = RunSchema.safeParse(value);
  if (!run.success) {
    yield { type: "rejected", location: { file, line: null }, reason: `not a UI-Venus-2 run: ${describeZodError(run.error)}` };
    return;
  }
  const { task, turns } = run.data;
  const model = orNull(run.data.model_name);
  const sourceId = contentSourceId({ task, model_name: run.data.model_name ?? null, turns }).slice(0, 16);
  const runName = `${model ?? "UI-Venus-2"} run ${sourceId}`;
  const steps: Step[] = [];
  let previousAction: string | null = null;
  for (const [i, raw] of turns.entries()) {
    const turn = TurnSchema.safeParse(raw);
    if (!turn.success) {
      // `line` is the turn's 1-based position in `turns`.
      yield { type: "rejected", location: { file, line: i + 1 }, reason: `turn ${i + 1}: ${describeZodError(turn.error)}` };
      continue;
    }
    steps.push(stepOf(turn.data, raw, steps.length, previousAction));
    previousAction = turn.data.action?.trim() ?? null;
  }
  if (steps.length === 0) {
    yield { type: "rejected", location: { file, line: null }, reason: "the run has no readable turn" };
    return;
  }
  const record: RunRecord = {
    type: "run",
    location: { file, line: null },
    name: runName,
    benchmark: UI_VENUS2_DATASET,
    model,
    meta: { kind: UI_VENUS2_RUN_KIND, file, turns: turns.length },
  };
  yield record;
  const last = steps.at(-1)!.record.action;
  const trajectory: TrajectoryRecord = {
    type: "trajectory",
    location: { file, line: null },
    sourceDataset: UI_VENUS2_DATASET,
    sourceId,
    goal: task,
    benchmark: null,
    app: null,
    model,
    runName,
    // Runs of the same task form a group (several rollouts of one prompt).
    groupKey: `task:${contentSourceId(task).slice(0, 16)}`,
    autoOutcome: null,
    agentClaimedFinish: last?.type === "finish",
    invalidActionCount: steps.filter((s) => s.isInvalid).length,
    sourceReward: null,
    sourceAdvantage: null,
    steps: steps.map((s) => s.record),
    verdicts: [],
    extra: {
      ...unknownKeys(value, RUN_FIELDS),
      coordinates: "actions in device px from parsed_action.action_pos; the model's grid points in each step's extra.grid and raw output",
    },
  };
  yield trajectory;
}

async function* parseRunFile(input: ParserInput): AsyncGenerator<ParsedItem> {
  const file = input.file ?? "";
  const abs = path.resolve(input.root, file);
  let value: unknown;
  try {
    if (input.file === null) throw new Error("this format reads one JSON file, and no file was given");
    const { size } = await fs.stat(abs);
    if (size > MAX_BYTES) throw new Error(`the file is ${size} bytes; a UI-Venus-2 run file is read whole, up to ${MAX_BYTES}`);
    value = JSON.parse((await fs.readFile(abs, "utf8")).replace(/^\uFEFF/, ""));
  } catch (error) {
    yield { type: "rejected", location: { file, line: null }, reason: `cannot read the run file: ${(error as Error).message}` };
    return;
  }
  yield* recordsOf(file, value);
}

export const uiVenus2RunParser: FormatParser = {
  id: "ui-venus-2-run",
  label: "UI-Venus-2 run output (task, model_name, turns[])",
  async detect(input: ParserInput): Promise<boolean> {
    if (input.file === null) return false;
    const head = await readJsonHead(input);
    if (!head || head.shape !== "object" || !head.topKeys.has("task") || !head.topKeys.has("turns")) return false;
    const turn = head.firstElementKeys.get("turns");
    return turn !== undefined && turn.has("parsed_action") && turn.has("screenshot");
  },
  parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    return parseRunFile(input);
  },
};
