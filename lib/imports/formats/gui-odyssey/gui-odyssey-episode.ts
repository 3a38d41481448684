import "server-only";
// One GUI-Odyssey episode (OpenGVLab/GUI-Odyssey, introduction.md "Data Fields"): a JSON
// object with device_info, task_info and `steps`, each step naming its screenshot (taken
// before the step's action) and the action with its `info`:
//   CLICK / LONG_PRESS  info = [[x, y]] on the [0,1000] grid, or KEY_HOME / KEY_BACK /
//                       KEY_APPSELECT (data/format_converter.py decode_action reads the keys
//                       for both) -> home / back / recent;
//   SCROLL              info = [[x1, y1], [x2, y2]] start and end -> scroll from -> to; `ps`
//                       holds the whole finger path, kept;
//   TEXT (TYPE in the docs) info = the text -> type;
//   COMPLETE / INCOMPLETE -> finish / finish that declares the task infeasible.
// Coordinates (and sam2_bbox, the clicked element's box) are on the [0,1000] grid of the
// device screen, so the step's contract is 0-1000 and the writer turns them into the
// screenshot's pixels; device_info's w x h is kept beside it.
import { z } from "zod";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import type { ParsedItem, SourceLocation, StepRecord, TrajectoryRecord } from "@/lib/imports/records";
import { UNJUDGED_EPISODE } from "@/lib/imports/records";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

export const GUI_ODYSSEY_CONTRACT: CoordinateContract = { format: "xyxy", unit: "0-1000" };

const StepSchema = z.looseObject({
  step: z.number().int().nonnegative().optional(),
  screenshot: z.string().min(1),
  action: z.string().min(1),
  info: z.unknown().optional(),
  ps: z.unknown().optional(),
  description: z.string().nullish(),
  intention: z.string().nullish(),
  context: z.string().nullish(),
  low_level_instruction: z.string().nullish(),
  sam2_bbox: z.array(z.number()).nullish(),
});
type Step = z.infer<typeof StepSchema>;

export const EpisodeSchema = z.looseObject({
  episode_id: z.union([z.string().min(1), z.number()]).transform(String),
  device_info: z.looseObject({ w: z.number().positive().optional(), h: z.number().positive().optional(), device_name: z.string().optional(), product: z.string().optional() }),
  task_info: z.looseObject({
    category: z.string().optional(),
    app: z.union([z.array(z.string()), z.string()]).optional(),
    meta_task: z.string().optional(),
    task: z.string().optional(),
    instruction: z.string().optional(),
  }),
  step_length: z.number().int().optional(),
  steps: z.array(z.unknown()),
});
type Episode = z.infer<typeof EpisodeSchema>;

const Point = z.tuple([z.number(), z.number()]);
const KEYS: Record<string, Action["type"]> = { KEY_HOME: "home", KEY_BACK: "back", KEY_APPSELECT: "recent" };

type Mapped = { action: Action | null; note: string | null; isLocated: boolean };

function build(step: Step): { built: unknown; isLocated: boolean } | string {
  const { action, info } = step;
  const box = step.sam2_bbox?.length === 4 ? { element: step.sam2_bbox } : {};
  switch (action.toUpperCase()) {
    case "CLICK":
    case "LONG_PRESS": {
      if (typeof info === "string") {
        const key = KEYS[info];
        return key ? { built: { type: key }, isLocated: false } : `${action} on an unknown key ${JSON.stringify(info)}`;
      }
      // info is a list of points; the first is where the finger went down.
      const point = Point.safeParse(Array.isArray(info) && Array.isArray(info[0]) ? info[0] : info);
      if (!point.success) return `${action}: info is not a point: ${JSON.stringify(info)}`;
      const [x, y] = point.data;
      return { built: { type: action.toUpperCase() === "CLICK" ? "click" : "long_press", x, y, ...box }, isLocated: true };
    }
    case "SCROLL": {
      const ends = z.tuple([Point, Point]).safeParse(Array.isArray(info) ? info.slice(0, 2) : info);
      if (!ends.success) return `SCROLL: info is not a start and an end point: ${JSON.stringify(info)}`;
      const [[x1, y1], [x2, y2]] = ends.data;
      return { built: { type: "scroll", from: { x: x1, y: y1 }, to: { x: x2, y: y2 } }, isLocated: true };
    }
    case "TEXT":
    case "TYPE":
      return typeof info === "string" ? { built: { type: "type", text: info }, isLocated: false } : `${action}: info is not the text: ${JSON.stringify(info)}`;
    case "COMPLETE":
      return { built: { type: "finish" }, isLocated: false };
    case "INCOMPLETE":
      return { built: { type: "finish", isInfeasible: true }, isLocated: false };
    default:
      return `unknown GUI-Odyssey action "${action}"`;
  }
}

function mapStep(step: Step): Mapped {
  const result = build(step);
  if (typeof result === "string") return { action: null, note: result, isLocated: false };
  const parsed = ActionSchema.safeParse(result.built);
  if (!parsed.success) return { action: null, note: `${step.action}: ${describeZodError(parsed.error)}`, isLocated: false };
  return { action: parsed.data, note: null, isLocated: result.isLocated };
}

/** `ps` of a SCROLL: the whole path, a JSON list of points when it parses as one. */
function scrollPath(ps: unknown): unknown {
  if (typeof ps !== "string") return ps ?? null;
  try {
    return JSON.parse(ps) as unknown;
  } catch {
    return ps;
  }
}

const present = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== ""));

export type EpisodeFiles = { screenshotRef(name: string): { ref: string; isMissing: boolean } };

export function guiOdysseyTrajectory(value: unknown, location: SourceLocation, files: EpisodeFiles): ParsedItem[] {
  const parsed = EpisodeSchema.safeParse(value);
  if (!parsed.success) return [{ type: "rejected", location, reason: `not a GUI-Odyssey episode: ${describeZodError(parsed.error)}` }];
  const episode: Episode = parsed.data;
  const out: ParsedItem[] = [];
  const steps: StepRecord[] = [];
  const stepExtras: Record<string, unknown>[] = [];
  episode.steps.forEach((raw, i) => {
    const step = StepSchema.safeParse(raw);
    if (!step.success) {
      out.push({ type: "rejected", location: { file: location.file, line: i + 1 }, reason: `episode ${episode.episode_id} step ${i}: ${describeZodError(step.error)}` });
      return;
    }
    const mapped = mapStep(step.data);
    const screenshot = files.screenshotRef(step.data.screenshot);
    const notes = [mapped.note, screenshot.isMissing ? `screenshot ${step.data.screenshot} is missing` : null].filter(Boolean);
    steps.push({
      index: steps.length,
      imageRef: screenshot.ref,
      action: mapped.action,
      actionContract: mapped.action && (mapped.isLocated || mapped.action.element) ? GUI_ODYSSEY_CONTRACT : null,
      isRepeated: false,
      rawOutput: JSON.stringify({ action: step.data.action, info: step.data.info ?? null }),
      thought: step.data.intention?.trim() || null,
      uiTreeRef: null,
      note: notes.length ? notes.join("; ") : null,
      verdicts: [],
    });
    const extra = present({
      lowLevelInstruction: step.data.low_level_instruction,
      description: step.data.description,
      context: step.data.context,
      scrollPath: step.data.action.toUpperCase() === "SCROLL" ? scrollPath(step.data.ps) : null,
      annotatorNote: step.data.action.toUpperCase() !== "SCROLL" ? step.data.ps : null,
    });
    if (Object.keys(extra).length) stepExtras.push({ index: steps.length - 1, ...extra });
  });
  if (!steps.length) {
    out.push({ type: "rejected", location, reason: `episode ${episode.episode_id} has no readable step` });
    return out;
  }
  const apps = typeof episode.task_info.app === "string" ? [episode.task_info.app] : (episode.task_info.app ?? []);
  const last = steps.at(-1)!.action;
  const record: TrajectoryRecord = {
    type: "trajectory",
    location,
    sourceDataset: "gui-odyssey",
    sourceId: episode.episode_id,
    goal: episode.task_info.instruction ?? episode.task_info.task ?? episode.task_info.meta_task ?? `GUI-Odyssey episode ${episode.episode_id}`,
    benchmark: "gui-odyssey",
    app: apps.length ? apps.join(" + ") : null,
    // No model, no run, no automatic outcome.
    ...UNJUDGED_EPISODE,
    agentClaimedFinish: last?.type === "finish" && !last.isInfeasible,
    steps,
    verdicts: [],
    extra: {
      episodeId: episode.episode_id,
      device: episode.device_info,
      category: episode.task_info.category ?? null,
      apps,
      task: episode.task_info.task ?? null,
      metaTask: episode.task_info.meta_task ?? null,
      coordinates: "actions and sam2_bbox on the [0,1000] grid of the device screen",
      ...(episode.step_length !== undefined && episode.step_length !== episode.steps.length ? { stepLengthStated: episode.step_length } : {}),
      // Per step, what GUI-Odyssey annotates beside the action (scroll paths on the [0,1000] grid).
      steps: stepExtras,
    },
  };
  out.push(record);
  return out;
}
