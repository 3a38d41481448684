import "server-only";
// One AndroidWorld episode dict (google-research/android_world @ d9c569f, suite_utils.py
// L271-287; L548-558 when the task raised) as a trajectory:
//   - goal, task_template, instance_id, agent_name, seed, run_time, finish_dtime, screen_config,
//     exception_info;
//   - is_successful: the task's own check of the device state (task.is_successful(env),
//     suite_utils.py L248), a float in 0..1, forced to 0.0 when the agent never declared the
//     episode done (L261), NaN when the task raised. It is a rule verifier's outcome: the
//     verdict, `autoOutcome` (1 success, 0 failure, between: partial credit, neither) and
//     `sourceReward`. The agent's own claim is its last `status` action (agentClaimedFinish).
//   - episode_data: a dict of per-step lists (episode_runner.py L108-124), whose keys are the
//     agent's step_data: M3A (agents/m3a.py L369-382, L395-407, L456-462), T3A
//     (agents/t3a.py L302-326, L350), SeeAct (agents/seeact.py L141-159, L208-209).
// A step's screenshot is `raw_screenshot` (M3A), `before_screenshot` (T3A) or `screenshot`
// (SeeAct); M3A and T3A draw the acted-on element's mark into it before saving (m3a.py
// L500-507, t3a.py L404-411). M3A's `before_screenshot_with_som` (every element numbered) is
// the step's labelled overlay. Prompts, LLM responses and the after-step screens are not
// imported (see the format's README row).
import { PickleNdarray, isPickleObject, type PickleObject, type PickleValue } from "@/lib/imports/pickle/pickle-values";
import { ndarrayToPng } from "@/lib/imports/pickle/ndarray-png";
import { InlineImage, type StepRecord, type TrajectoryRecord, type VerdictRecord } from "@/lib/imports/records";
import { actionFromOutput, mapAndroidWorldAction } from "@/lib/imports/formats/android-world/android-world-actions";

export type EpisodeInput = {
  /** The .pkl.gz file, relative to the import root. */
  file: string;
  /** Position of the episode in the file's list (the checkpointer writes one per file). */
  position: number;
  runName: string;
  episode: PickleObject;
};

const SCREENSHOT_KEYS = ["raw_screenshot", "before_screenshot", "screenshot"] as const;
const ELEMENT_KEYS = ["before_ui_elements", "before_element_list"] as const;
// Step keys read into columns; every other plain value of the step goes to its extra.
const READ_KEYS = new Set([
  ...SCREENSHOT_KEYS,
  ...ELEMENT_KEYS,
  "before_screenshot_with_som",
  "after_screenshot_with_som",
  "after_screenshot",
  "ui_elements",
  "actionable_elements",
  "after_element_list",
  "action_output",
  "action_output_json",
  "action",
  "action_reason",
  "action_gen_response",
  "action_ground_response",
  "summary",
  "step_number",
]);
// Too big or not data about the step: prompts (they repeat the whole history and element list),
// the LLM client's response objects, SeeAct's request payloads (base64 screenshots).
const LEFT_OUT_KEYS = new Set(["action_prompt", "summary_prompt", "action_raw_response", "summary_raw_response", "action_gen_payload", "action_ground_payload"]);

const str = (value: PickleValue | undefined): string | null => (typeof value === "string" ? value : null);
const num = (value: PickleValue | undefined): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const list = (value: PickleValue | undefined): readonly PickleValue[] | null => (Array.isArray(value) ? (value as readonly PickleValue[]) : null);

function ndarray(value: PickleValue | undefined): PickleNdarray | null {
  return value instanceof PickleNdarray ? value : null;
}

/** An episode's step screenshots are arrays; anything plain beside them is kept as JSON. */
function plain(value: PickleValue): unknown {
  if (value instanceof PickleNdarray) return { ndarray: value.shape, dtype: value.dtype };
  if (value instanceof Uint8Array) return { bytes: value.length };
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Map) return [...value].map(([k, v]) => [plain(k), plain(v)]);
  if (isPickleObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function verdictOf(score: number | null, exception: string | null, claimedDone: boolean): VerdictRecord | null {
  if (score === null) return null;
  const valueBool = score >= 1 ? true : score <= 0 ? false : null;
  const rationale =
    valueBool === null
      ? `AndroidWorld task check ${score}: partial credit, averaged into AndroidWorld's success rate; neither a success nor a failure here`
      : `AndroidWorld task check is_successful = ${score} (task.is_successful on the device state${claimedDone ? "" : "; AndroidWorld records 0.0 when the agent never ended the episode"})`;
  return { kind: "rule", judgeName: "androidworld/task", promptVersion: null, metric: "trace_success", valueBool, valueScore: score, rationale, rawOutput: exception ?? String(score) };
}

async function screenshot(subject: string, value: PickleValue | undefined, notes: string[], what: string): Promise<InlineImage | null> {
  const array = ndarray(value);
  if (!array) return null;
  try {
    return new InlineImage(await ndarrayToPng(subject, array));
  } catch (error) {
    notes.push(`${what} is not an image: ${(error as Error).message}`);
    return null;
  }
}

// A step's UI elements are what its element indexes count (representation_utils.UIElement,
// flattened from the accessibility forest by forest_to_ui_elements). They are stored as the
// step's UI tree in the accessibility forest's JSON shape, one node per element in index
// order, so the review screen lists them and outlines their bbox_pixels on the screenshot.
const ELEMENT_FLAGS = ["is_checked", "is_checkable", "is_clickable", "is_editable", "is_enabled", "is_focused", "is_focusable", "is_long_clickable", "is_scrollable", "is_selected"] as const;

function elementsForest(elements: readonly PickleValue[] | null): string | null {
  if (!elements || elements.length === 0) return null;
  const nodes = elements.map((element, index) => {
    const e = isPickleObject(element) ? element : {};
    const box = isPickleObject(e.bbox_pixels ?? null) ? (e.bbox_pixels as PickleObject) : null;
    const node: Record<string, unknown> = { unique_id: index };
    if (box) node.bounds_in_screen = { left: num(box.x_min), top: num(box.y_min), right: num(box.x_max), bottom: num(box.y_max) };
    for (const [to, from] of [["class_name", "class_name"], ["text", "text"], ["content_description", "content_description"], ["hint_text", "hint_text"], ["view_id_resource_name", "resource_name"], ["package_name", "package_name"]] as const) {
      if (str(e[from]) !== null) node[to] = e[from];
    }
    for (const flag of ELEMENT_FLAGS) if (typeof e[flag] === "boolean") node[flag] = e[flag];
    return node;
  });
  return JSON.stringify({ windows: [{ title: "AndroidWorld UI elements, in index order (0 first)", tree: { nodes } }] });
}

async function stepFrom(input: EpisodeInput, step: Record<string, PickleValue>, index: number): Promise<StepRecord> {
  const notes: string[] = [];
  const where = `${input.file}#${input.position}/${index}`;
  const shotKey = SCREENSHOT_KEYS.find((k) => ndarray(step[k]));
  const image = shotKey ? await screenshot(input.file, step[shotKey], notes, shotKey) : null;
  if (!shotKey) notes.push("the step holds no screenshot");
  const overlay = await screenshot(input.file, step.before_screenshot_with_som, notes, "before_screenshot_with_som");

  // SeeAct's index counts its actionable elements (seeact_utils.py L445-459, L713-714), and
  // the executor is given their UI elements (seeact.py L222-227).
  const actionable = list(step.actionable_elements);
  const elements = actionable ? actionable.map((e) => (isPickleObject(e) ? (e.ui_element ?? null) : null)) : (ELEMENT_KEYS.map((k) => list(step[k])).find((l) => l !== null) ?? null);

  const output = str(step.action_output);
  let rawAction: PickleValue | Record<string, unknown> | null = step.action_output_json ?? step.action ?? null;
  let reason = str(step.action_reason);
  // T3A keeps only the text. M3A leaves action_output_json None when its text gave no valid
  // JSONAction, and then nothing was executed: its text is not read as an action.
  if (rawAction === null && output !== null && !("action_output_json" in step)) {
    const read = actionFromOutput(output);
    rawAction = read.action;
    reason ??= read.reason;
    if (read.action) notes.push("action read from action_output (the step keeps no JSONAction)");
  }
  const mapped = rawAction === null ? { action: null, contract: null, note: `no action: ${str(step.summary) ?? "the step records none"}` } : mapAndroidWorldAction(plain(rawAction as PickleValue), elements);
  if (mapped.note) notes.push(mapped.note);

  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(step)) {
    if (READ_KEYS.has(key) || LEFT_OUT_KEYS.has(key)) continue;
    extra[key] = plain(value);
  }
  if (rawAction !== null) extra.jsonAction = plain(rawAction as PickleValue);
  if (step.summary !== undefined) extra.summary = plain(step.summary);
  if (step.seeact_action !== undefined) extra.seeactAction = plain(step.seeact_action);
  if (step.action_gen_response !== undefined) extra.actionGenResponse = plain(step.action_gen_response);
  if (shotKey) extra.screenshotKey = shotKey;

  const rawOutput = output ?? str(step.action_ground_response);
  return {
    index,
    imageRef: image ? `${where}/${shotKey}` : null,
    inlineImage: image,
    action: mapped.action,
    actionContract: mapped.action ? mapped.contract : null,
    isRepeated: false,
    rawOutput,
    thought: reason ?? str(step.action_gen_response),
    uiTreeRef: null,
    uiTreeText: elementsForest(elements),
    note: notes.length ? notes.join("; ") : null,
    verdicts: [],
    overlayImageRef: overlay ? `${where}/before_screenshot_with_som` : null,
    inlineOverlay: overlay,
    extra: Object.keys(extra).length ? extra : null,
  };
}

/** The per-step dicts of `episode_data` (a dict of equal-length lists), or why there are none. */
function stepsOf(data: PickleValue | undefined): Record<string, PickleValue>[] | string {
  if (data === undefined || data === null || (typeof data === "number" && Number.isNaN(data))) return "the episode has no episode_data";
  if (!isPickleObject(data)) return "episode_data is not a dict of per-step lists";
  const columns = Object.entries(data).filter((entry): entry is [string, readonly PickleValue[]] => Array.isArray(entry[1]));
  const count = list(data.step_number)?.length ?? Math.max(0, ...columns.map(([, v]) => v.length));
  return Array.from({ length: count }, (_, i) => Object.fromEntries(columns.map(([k, v]) => [k, v[i] ?? null])));
}

export async function trajectoryOf(input: EpisodeInput): Promise<TrajectoryRecord | { rejected: string }> {
  const e = input.episode;
  const goal = str(e.goal);
  const template = str(e.task_template);
  if (goal === null || template === null) return { rejected: "episode has no goal or task_template: not an AndroidWorld episode" };
  const exception = str(e.exception_info);
  const stepDicts = stepsOf(e.episode_data);
  const steps: StepRecord[] = [];
  if (Array.isArray(stepDicts)) for (const [i, step] of stepDicts.entries()) steps.push(await stepFrom(input, step, i));
  // Tasks return a float; a bool (or numpy's, read as one) is the same 1 / 0.
  const score = typeof e.is_successful === "boolean" ? Number(e.is_successful) : num(e.is_successful);
  const last = steps.at(-1)?.action;
  const lastJson = steps.at(-1)?.extra?.jsonAction as { action_type?: string } | undefined;
  const claimedFinish = lastJson?.action_type === "status" && last?.type === "finish" && !last.isInfeasible;
  const verdict = verdictOf(score, exception, lastJson?.action_type === "status");
  const instance = num(e.instance_id);
  const name = input.file.split("/").pop()!.replace(/\.pkl\.gz$/, "");
  return {
    type: "trajectory",
    location: { file: input.file, line: null },
    sourceDataset: "androidworld",
    sourceId: `${input.runName}/${name}${input.position ? `#${input.position}` : ""}`,
    goal,
    benchmark: "androidworld",
    app: null,
    model: str(e.agent_name),
    runName: input.runName,
    groupKey: template,
    autoOutcome: verdict?.valueBool ?? null,
    agentClaimedFinish: claimedFinish,
    invalidActionCount: steps.filter((s) => s.action === null).length,
    sourceReward: score,
    sourceAdvantage: null,
    steps,
    verdicts: verdict ? [verdict] : [],
    extra: {
      taskTemplate: template,
      instanceId: instance,
      seed: plain(e.seed ?? null),
      episodeLength: num(e.episode_length),
      runTime: num(e.run_time),
      finishedAt: str(e.finish_dtime),
      screenConfig: plain(e.screen_config ?? null),
      auxData: plain(e.aux_data ?? null),
      ...(exception !== null ? { exceptionInfo: exception } : {}),
      ...(typeof stepDicts === "string" ? { noSteps: stepDicts } : {}),
    },
  };
}
