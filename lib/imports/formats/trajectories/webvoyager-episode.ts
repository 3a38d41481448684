import "server-only";
// Turns one WebVoyager task folder (`task<id>/`: `interact_messages.json` + `screenshot{n}.png`,
// MinorJerry/WebVoyager run.py) into a trajectory. The chat log is one small JSON array per
// task, read whole. Each loop iteration `it` (1-based) appends one assistant message and, when
// the previous action did not fail, first saves `screenshot{it}.png`: so assistant message k
// (0-based) saw `screenshot{k+1}.png`. After a failed or malformed reply run.py sends the
// failure text instead and takes no screenshot, so that step shows the last one taken.
// Image parts in the log are a literal `{b64_img}` placeholder and are ignored. Text-only runs
// (and --save_accessibility_tree) also save `accessibility_tree{it}.txt`, the step's UI tree.
// Some versions of run.py also saved the screenshot before drawing the numbered labels, as
// `screenshot{it}_no_box.png`: that clean one becomes the step's screenshot (what training
// and review should see) and the labelled one its overlay (what the agent saw, the only way
// to read "Click [33]"). The user turn before each reply lists the labelled elements
// (`[33]: <button> "Xbox Core ..."`), kept as the step's observation; run.py replaces the
// text of older turns with "(Omitted in context.)", so early steps may have none.
// Image references name the task folder ("task<id>/screenshot1.png") even when that folder
// is the import root, so that images imported later find their own task.
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { ParsedItem, StepRecord, TrajectoryRecord, VerdictRecord } from "@/lib/imports/records";
import { mapWebVoyagerAction, splitWebVoyagerReply } from "@/lib/imports/formats/trajectories/webvoyager-actions";
import type { AutoEvalVerdict, ReferenceAnswer } from "@/lib/imports/formats/trajectories/webvoyager-evaluation";
import type { WebVoyagerTask } from "@/lib/imports/formats/trajectories/webvoyager-tasks";
import { joinRef, listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

export const MESSAGES_FILE = "interact_messages.json";

const MessageSchema = z.object({
  role: z.string(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]),
});
type Message = z.infer<typeof MessageSchema>;

// The two observations run.py sends instead of a new screenshot (`fail_obs`).
const FAILURE_OBSERVATIONS = ["Format ERROR", "The action you have chosen cannot be exected"];
// run.py's first user message: "Now given a task: {ques}  Please interact with {web} and get the answer."
const FIRST_MESSAGE = /Now given a task:\s*([\s\S]*?)\s+Please interact with (\S+) and get the answer/;

function textOf(message: Message): string {
  if (typeof message.content === "string") return message.content;
  return message.content.flatMap((part) => (part.type === "text" && part.text !== undefined ? [part.text] : [])).join("\n");
}

function isFailureObservation(message: Message): boolean {
  const content = message.content;
  return typeof content === "string" && FAILURE_OBSERVATIONS.some((f) => content.startsWith(f));
}

export type WebVoyagerEpisodeInput = {
  root: string;
  dir: string;
  task: WebVoyagerTask | null;
  /** The evaluation run the import's episodes belong to (webvoyager.ts). */
  runName?: string | null;
  /** reference_answer.json's entry and the auto-evaluator's verdict for this task (webvoyager-evaluation.ts). */
  reference?: ReferenceAnswer | null;
  autoEval?: AutoEvalVerdict | null;
};

type Goal = { goal: string; web: string | null };

function goalOf(task: WebVoyagerTask | null, messages: Message[]): Goal | null {
  const first = messages.find((m) => m.role === "user");
  const match = first ? FIRST_MESSAGE.exec(textOf(first)) : null;
  if (task) return { goal: task.ques, web: task.web ?? match?.[2] ?? null };
  return match ? { goal: match[1]!.trim(), web: match[2]! } : null;
}

// The element list starts at the first "[N]:" on its own line, after run.py's instructions.
const ELEMENT_LIST = /(?:^|\n)(\[\d+\]:[\s\S]*)$/;

function observationOf(user: Message | null): string | null {
  const list = user ? ELEMENT_LIST.exec(textOf(user)) : null;
  return list ? list[1]!.trim() : null;
}

function stepsOf(rel: string, files: Set<string>, messages: Message[]): StepRecord[] {
  const steps: StepRecord[] = [];
  let iteration = 0;
  let lastScreenshot: string | null = null;
  let lastOverlay: string | null = null;
  let lastTree: string | null = null;
  let previousUser: Message | null = null;
  for (const message of messages) {
    if (message.role === "user") previousUser = message;
    if (message.role !== "assistant") continue;
    iteration += 1;
    const notes: string[] = [];
    let imageRef: string | null;
    let overlayImageRef: string | null;
    let observation: string | null = null;
    if (previousUser && isFailureObservation(previousUser)) {
      imageRef = lastScreenshot;
      overlayImageRef = lastOverlay;
      notes.push("the previous reply failed, so WebVoyager took no new screenshot; this is the last one taken");
    } else {
      const name = `screenshot${iteration}.png`;
      const clean = `screenshot${iteration}_no_box.png`;
      if (!files.has(name)) notes.push(`${name} is missing`);
      if (files.has(clean)) {
        imageRef = joinRef(rel, clean);
        overlayImageRef = joinRef(rel, name);
      } else {
        imageRef = joinRef(rel, name);
        overlayImageRef = null;
      }
      lastScreenshot = imageRef;
      lastOverlay = overlayImageRef;
      const tree = `accessibility_tree${iteration}.txt`;
      lastTree = files.has(tree) ? joinRef(rel, tree) : null;
      observation = observationOf(previousUser);
    }
    const reply = textOf(message);
    const split = splitWebVoyagerReply(reply);
    const mapped = mapWebVoyagerAction(split);
    if (mapped.note) notes.push(mapped.note);
    steps.push({
      index: steps.length,
      imageRef,
      overlayImageRef,
      observation,
      action: mapped.action,
      actionContract: null,
      // Labels are renumbered on every screenshot, so equal actions need not be a repeat.
      isRepeated: false,
      rawOutput: reply,
      thought: split.thought,
      uiTreeRef: lastTree,
      note: notes.length ? notes.join("; ") : null,
      verdicts: [],
    });
  }
  return steps;
}

async function readMessages(abs: string, file: string): Promise<{ messages: Message[]; rejections: ParsedItem[] } | { failure: string }> {
  let value: unknown;
  try {
    value = JSON.parse(await fs.readFile(abs, "utf8")) as unknown;
  } catch (error) {
    return { failure: `${MESSAGES_FILE} is not valid JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(value)) return { failure: `${MESSAGES_FILE} must be an array of chat messages` };
  const messages: Message[] = [];
  const rejections: ParsedItem[] = [];
  value.forEach((item, i) => {
    const parsed = MessageSchema.safeParse(item);
    if (parsed.success) messages.push(parsed.data);
    else rejections.push({ type: "rejected", location: { file, line: i + 1 }, reason: describeZodError(parsed.error) });
  });
  return { messages, rejections };
}

function verdictOnly(v: AutoEvalVerdict): VerdictRecord {
  return { kind: v.kind, judgeName: v.judgeName, promptVersion: v.promptVersion, metric: v.metric, valueBool: v.valueBool, valueScore: v.valueScore, rationale: v.rationale, rawOutput: v.rawOutput };
}

export async function* parseWebVoyagerEpisode(input: WebVoyagerEpisodeInput): AsyncGenerator<ParsedItem> {
  const rel = relativeToRoot(input.root, input.dir);
  const file = joinRef(rel, MESSAGES_FILE);
  const read = await readMessages(path.join(input.dir, MESSAGES_FILE), file);
  if ("failure" in read) {
    yield { type: "rejected", location: { file, line: null }, reason: read.failure };
    return;
  }
  yield* read.rejections;
  const folder = path.basename(input.dir);
  // run.py names the folder `task{id}`.
  const taskId = folder.startsWith("task") ? folder.slice("task".length) : folder;
  const goal = goalOf(input.task, read.messages);
  if (!goal) {
    yield { type: "rejected", location: { file, line: null }, reason: `no goal: task "${taskId}" is in no task list and no message says "Now given a task:"` };
    return;
  }
  // References name the task folder, also when it is the import root itself.
  const steps = stepsOf(rel || folder, new Set(await listFiles(input.dir)), read.messages);
  if (steps.length === 0) {
    yield { type: "rejected", location: { file, line: null }, reason: "the chat log has no assistant message" };
    return;
  }
  const record: TrajectoryRecord = {
    type: "trajectory",
    location: { file, line: null },
    sourceDataset: "webvoyager",
    sourceId: folder,
    goal: goal.goal,
    benchmark: "webvoyager",
    // Task ids are `<web_name>--<n>`, so the site is recoverable without the task list.
    app: input.task?.web_name ?? taskId.replace(/--\d+$/, ""),
    model: null,
    runName: input.runName ?? null,
    groupKey: taskId,
    // The result folders carry no verdict; the auto-evaluator's log does, when imported with them.
    autoOutcome: input.autoEval?.valueBool ?? null,
    agentClaimedFinish: steps.at(-1)?.action?.type === "finish",
    invalidActionCount: steps.filter((s) => s.action === null).length,
    sourceReward: null,
    sourceAdvantage: null,
    steps,
    verdicts: input.autoEval ? [verdictOnly(input.autoEval)] : [],
    extra: {
      taskId,
      web: goal.web,
      ...(input.reference ? { referenceAnswer: { type: input.reference.type, ans: input.reference.ans, notice: input.reference.notice, file: input.reference.file } } : {}),
      ...(input.autoEval ? { autoEvalSource: { file: input.autoEval.file, line: input.autoEval.line } } : {}),
    },
  };
  yield record;
}
