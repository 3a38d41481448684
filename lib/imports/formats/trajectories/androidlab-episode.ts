import "server-only";
// Turns one AndroidLab episode directory (`<task_id>_<YYYY-MM-DD_HH-MM-SS>/`, FORMAT.md §1-§3)
// into a trajectory. `traces/trace.jsonl` holds one line per executed step, written after the
// action; a line that is not JSON or lacks a field is rejected with its line number and the
// other steps still import. Paths inside the lines were written on the evaluation host
// (`./logs/evaluation/<name>/...`), so screenshots and XML dumps are found by basename under
// the episode's own `Screen/` and `xml/`, exactly as the evaluator does. A missing file keeps
// its reference (the writer marks the step image_missing, and a later import can complete
// it) and a note says so.
import path from "node:path";
import { z } from "zod";
import type { ParsedItem, StepRecord, TrajectoryRecord } from "@/lib/imports/records";
import {
  ANDROIDLAB_CONTRACT,
  isLocated,
  mapAndroidLabAction,
} from "@/lib/imports/formats/trajectories/androidlab-actions";
import { TRACE_FILE, taskIdOf } from "@/lib/imports/formats/trajectories/androidlab-layout";
import { splitAndroidLabThought } from "@/lib/imports/formats/trajectories/androidlab-response";
import type { EpisodeOutcome } from "@/lib/imports/formats/trajectories/androidlab-results";
import { jsonLines } from "@/lib/imports/formats/jsonl-lines";
import { unknownKeys } from "@/lib/imports/formats/unknown-keys";
import {
  foreignBasename,
  joinRef,
  listFiles,
  relativeToRoot,
} from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

const TraceLineSchema = z.object({
  trace_id: z.string().optional(),
  index: z.number().int().nonnegative(),
  image: z.string(),
  xml: z.string().nullable().optional(),
  ac_xml: z.string().nullable().optional(),
  current_activity: z.union([z.string(), z.number()]).optional(),
  window: z.tuple([z.number(), z.number()]).optional(),
  target: z.string(),
  parsed_action: z.unknown(),
  current_response: z.string().nullable().optional(),
});
// What a trace line holds beyond the fields read here (the recorder's `prompt`, an
// adb_query's `command`, ...) is kept as the step's `extra`.
type TraceLine = z.infer<typeof TraceLineSchema> & { extra: Record<string, unknown> | null };
const TRACE_FIELDS = Object.keys(TraceLineSchema.shape);

// eval.py L69 builds every instruction as this sentence; the app name is the yaml's APP.
const INSTRUCTION = /^You should use (.+?) to complete the following task:\s*([\s\S]*)$/;

export type EpisodeInput = {
  root: string;
  runName: string;
  /** Absolute path of the episode directory. */
  dir: string;
  outcome: EpisodeOutcome | null;
  /** The task's ground_truth_length.json entry, null when the file or the task is not there. */
  groundTruth?: number | null;
};

// Key order is stable within one writer, but sorting makes the comparison independent of it.
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

type EpisodeFiles = { rel: string; screens: Set<string>; xmls: Set<string> };

function screenshotRef(files: EpisodeFiles, image: string, notes: string[]): string | null {
  const name = foreignBasename(image);
  if (name === "") {
    notes.push("the trace line names no screenshot");
    return null;
  }
  if (!files.screens.has(name)) notes.push(`screenshot Screen/${name} is missing`);
  return joinRef(files.rel, "Screen", name);
}

// The evaluator reads `ac_xml` when it is set, else `xml` (task.py L145-154).
function uiTreeRef(files: EpisodeFiles, line: TraceLine, notes: string[]): string | null {
  const recorded = line.ac_xml ?? line.xml ?? null;
  if (recorded === null) return null;
  if (recorded === "ERROR") {
    notes.push("the XML dump failed on the device (xml is \"ERROR\")");
    return null;
  }
  const name = foreignBasename(recorded);
  if (!files.xmls.has(name)) {
    notes.push(`UI tree xml/${name} is missing`);
    return null;
  }
  return joinRef(files.rel, "xml", name);
}

// Beside each dump the recorder writes the compressed text the XML agent was prompted with,
// `<turn>_compressed_xml.txt` (json_recoder.py L11-25, FORMAT.md §6). Without one the step
// simply has no agent view (the review screen says so); the raw dump is still stored.
function agentTreeRef(files: EpisodeFiles, treeRef: string | null): string | null {
  if (treeRef === null) return null;
  const name = `${path.posix.basename(treeRef).replace(/\.xml$/, "")}_compressed_xml.txt`;
  return files.xmls.has(name) ? joinRef(files.rel, "xml", name) : null;
}

function stepFrom(files: EpisodeFiles, line: TraceLine, index: number, previousAction: string | null): StepRecord {
  const notes: string[] = [];
  const mapped = mapAndroidLabAction(line.parsed_action);
  if (mapped.note) notes.push(line.parsed_action === undefined ? "parsed_action is missing" : mapped.note);
  const isRepeated = line.parsed_action != null && previousAction === stableJson(line.parsed_action);
  if (isRepeated) {
    // The executor keeps the previous turn's return value when a reply calls no action
    // (FORMAT.md §3), so a repeat is either a real repeat or a reply that did nothing.
    notes.push("same parsed_action as the previous step (a real repeat, or a reply that called no action)");
  }
  const rawOutput = line.current_response ?? null;
  const treeRef = uiTreeRef(files, line, notes);
  return {
    index,
    imageRef: screenshotRef(files, line.image, notes),
    action: mapped.action,
    actionContract: mapped.action && isLocated(mapped.action) ? ANDROIDLAB_CONTRACT : null,
    isRepeated,
    rawOutput,
    thought: splitAndroidLabThought(rawOutput),
    uiTreeRef: treeRef,
    agentTreeRef: agentTreeRef(files, treeRef),
    note: notes.length ? notes.join("; ") : null,
    verdicts: [],
    extra: line.extra,
  };
}

function endScreenshot(files: EpisodeFiles): string | null {
  // Taken once after the finishing step and never named in the trace (FORMAT.md §5); the
  // newest one wins if a resumed episode left two.
  const ends = [...files.screens].filter((n) => n.startsWith("screenshot-end-")).sort();
  const last = ends.at(-1);
  return last ? joinRef(files.rel, "Screen", last) : null;
}

function trajectoryFrom(input: EpisodeInput, files: EpisodeFiles, lines: TraceLine[], skipped: number[]): TrajectoryRecord {
  const dirName = path.basename(input.dir);
  const taskId = taskIdOf(dirName);
  const first = lines[0]!;
  const match = INSTRUCTION.exec(first.target);
  let previousAction: string | null = null;
  const steps = lines.map((line, i) => {
    const step = stepFrom(files, line, i, previousAction);
    previousAction = line.parsed_action == null ? null : stableJson(line.parsed_action);
    return step;
  });
  const last = steps.at(-1);
  const outcome = input.outcome;
  return {
    type: "trajectory",
    location: { file: joinRef(files.rel, "traces", "trace.jsonl"), line: null },
    sourceDataset: "androidlab",
    sourceId: `${input.runName}/${dirName}`,
    goal: match ? match[2]!.trim() : first.target,
    benchmark: "androidlab",
    app: match ? match[1]!.trim() : null,
    model: input.runName,
    runName: input.runName,
    groupKey: taskId,
    // Only one verdict exists per episode (rule or LLM, by metric type), so it is the outcome.
    autoOutcome: outcome?.verdict.valueBool ?? null,
    agentClaimedFinish: last?.action?.type === "finish",
    invalidActionCount: steps.filter((s) => s.action === null).length,
    sourceReward: null,
    sourceAdvantage: null,
    steps,
    verdicts: outcome ? [outcome.verdict] : [],
    extra: {
      taskId,
      package: typeof first.current_activity === "string" ? first.current_activity : null,
      window: first.window ?? null,
      instruction: first.target,
      endScreenshotRef: endScreenshot(files),
      ...(skipped.length ? { skippedTraceLines: skipped } : {}),
      ...(outcome
        ? {
            metricType: outcome.metricType,
            rrr: outcome.rrr,
            reasonableOperationRatio: outcome.reasonableOperationRatio,
            resultEntries: outcome.resultEntries,
            resultTask: outcome.task,
            groundTruthLength: input.groundTruth ?? null,
            resultSource: outcome.location,
          }
        : {}),
    },
  };
}

/** Yields a rejection per unreadable trace line, then the trajectory (or why there is none). */
export async function* parseAndroidLabEpisode(input: EpisodeInput): AsyncGenerator<ParsedItem> {
  const rel = relativeToRoot(input.root, input.dir);
  const traceRel = joinRef(rel, "traces", "trace.jsonl");
  const files: EpisodeFiles = {
    rel,
    screens: new Set(await listFiles(path.join(input.dir, "Screen"))),
    xmls: new Set(await listFiles(path.join(input.dir, "xml"))),
  };
  const lines: TraceLine[] = [];
  const skipped: number[] = [];
  for await (const entry of jsonLines(path.join(input.dir, TRACE_FILE))) {
    const location = { file: traceRel, line: entry.line };
    if ("error" in entry) {
      skipped.push(entry.line);
      yield { type: "rejected", location, reason: entry.error };
      continue;
    }
    const parsed = TraceLineSchema.safeParse(entry.value);
    if (!parsed.success) {
      skipped.push(entry.line);
      yield { type: "rejected", location, reason: describeZodError(parsed.error) };
      continue;
    }
    lines.push({ ...parsed.data, extra: unknownKeys(entry.value, TRACE_FIELDS) });
  }
  if (lines.length === 0) {
    yield { type: "rejected", location: { file: traceRel, line: null }, reason: "trace.jsonl has no readable step" };
    return;
  }
  yield trajectoryFrom(input, files, lines, skipped);
}
