import "server-only";
// UI-Venus navigation traces (inclusionAI/UI-Venus `examples/trace/trace.json`): a JSON array of
// traces, each an array of `{image_path, task}` steps, one per screenshot. No action, thought or
// outcome is recorded, so every step has a null action with a note, and none counts as an
// invalid action (the agent did nothing wrong; the source just does not say what it did).
// `image_path` is relative to the UI-Venus repository root (`examples/trace/<hash>.png`), which
// is rarely the import root, so the image is looked up by dropping leading components, under
// the root and then beside trace.json; when nothing is found the raw path is kept and the
// writer marks the step image_missing. The file is small and read whole.
// A trace's id is a hash of its content: the file gives none, and a positional id would
// change with the folder the trace was uploaded in.
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { FormatParser, ParsedItem, ParserInput, StepRecord, TrajectoryRecord } from "@/lib/imports/records";
import { UNJUDGED_EPISODE } from "@/lib/imports/records";
import { isFile, relativeToRoot, resolveInsideRoot } from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

const StepSchema = z.object({ image_path: z.string().min(1), task: z.string() });
const TraceSchema = z.array(StepSchema).min(1, "a trace needs at least one step");
type TraceStep = z.infer<typeof StepSchema>;

// Where trace.json sits for the roots people upload: the trace folder, `examples/`, the repo.
const CANDIDATE_FILES = ["trace.json", "trace/trace.json", "examples/trace/trace.json"];
const DETECT_BYTES = 4096;

async function traceFileOf(input: ParserInput): Promise<string | null> {
  // Locations are relative to the root, whichever way the caller named the file.
  if (input.file !== null) return relativeToRoot(input.root, path.resolve(input.root, input.file));
  for (const candidate of CANDIDATE_FILES) {
    if (await isFile(path.join(input.root, candidate))) return candidate;
  }
  return null;
}

// "a/b/c.png" -> ["a/b/c.png", "b/c.png", "c.png"]
function suffixes(imagePath: string): string[] {
  const parts = imagePath.replace(/\\/g, "/").split("/").filter((p) => p !== "" && p !== ".");
  return parts.map((_, i) => parts.slice(i).join("/"));
}

async function resolveImage(root: string, traceDir: string, imagePath: string): Promise<string | null> {
  for (const base of [root, traceDir]) {
    for (const suffix of suffixes(imagePath)) {
      const abs = resolveInsideRoot(root, path.join(relativeToRoot(root, base), suffix));
      if (abs && (await isFile(abs))) return relativeToRoot(root, abs);
    }
  }
  return null;
}

async function stepOf(root: string, traceDir: string, step: TraceStep, index: number): Promise<StepRecord> {
  const found = await resolveImage(root, traceDir, step.image_path);
  const notes = ["the source records no action"];
  if (!found) notes.push(`image ${step.image_path} not found under the import root`);
  return {
    index,
    imageRef: found ?? step.image_path,
    action: null,
    actionContract: null,
    isRepeated: false,
    rawOutput: null,
    thought: null,
    uiTreeRef: null,
    note: notes.join("; "),
    verdicts: [],
  };
}

async function trajectoryOf(root: string, file: string, trace: TraceStep[], line: number): Promise<TrajectoryRecord> {
  const traceDir = path.dirname(path.join(root, file));
  const steps: StepRecord[] = [];
  for (const [i, step] of trace.entries()) steps.push(await stepOf(root, traceDir, step, i));
  const instructions = [...new Set(trace.map((s) => s.task))];
  return {
    type: "trajectory",
    location: { file, line },
    sourceDataset: "ui-venus-trace",
    sourceId: createHash("sha256").update(JSON.stringify(trace)).digest("hex").slice(0, 16),
    goal: trace[0]!.task,
    benchmark: null,
    app: null,
    // No model, no run, no automatic outcome.
    ...UNJUDGED_EPISODE,
    steps,
    verdicts: [],
    // The format repeats the task on every step; keep them all if they ever differ.
    extra: instructions.length > 1 ? { instructions: trace.map((s) => s.task) } : null,
  };
}

async function* parseTraceFile(input: ParserInput): AsyncGenerator<ParsedItem> {
  const file = await traceFileOf(input);
  if (file === null) {
    yield { type: "rejected", location: { file: "", line: null }, reason: `no UI-Venus trace.json found (looked for ${CANDIDATE_FILES.join(", ")})` };
    return;
  }
  const abs = resolveInsideRoot(input.root, file);
  let value: unknown;
  try {
    if (!abs) throw new Error("the path leaves the import root");
    value = JSON.parse(await fs.readFile(abs, "utf8")) as unknown;
  } catch (error) {
    yield { type: "rejected", location: { file, line: null }, reason: `cannot read the trace file: ${(error as Error).message}` };
    return;
  }
  if (!Array.isArray(value)) {
    yield { type: "rejected", location: { file, line: null }, reason: "a UI-Venus trace file is an array of traces" };
    return;
  }
  for (const [i, item] of value.entries()) {
    // `line` is the trace's 1-based position in the outer array (records.ts convention).
    const parsed = TraceSchema.safeParse(item);
    if (parsed.success) yield await trajectoryOf(input.root, file, parsed.data, i + 1);
    else yield { type: "rejected", location: { file, line: i + 1 }, reason: describeZodError(parsed.error) };
  }
}

async function startsLikeTrace(abs: string): Promise<boolean> {
  const handle = await fs.open(abs, "r").catch(() => null);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(DETECT_BYTES), 0, DETECT_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString("utf8");
    return /^\uFEFF?\s*\[\s*\[\s*\{/.test(head) && head.includes('"image_path"') && head.includes('"task"');
  } finally {
    await handle.close();
  }
}

export const uiVenusTraceParser: FormatParser = {
  id: "ui-venus-trace",
  label: "UI-Venus navigation trace (trace.json)",
  async detect(input: ParserInput): Promise<boolean> {
    // A folder is claimed only when trace.json is at its top: a folder holding the trace in
    // a subfolder may hold other formats beside it (UI-Venus' examples/), found by the walk.
    if (input.file === null && !(await isFile(path.join(input.root, "trace.json")))) return false;
    const file = await traceFileOf(input);
    if (file === null || !file.endsWith(".json")) return false;
    const abs = resolveInsideRoot(input.root, file);
    return abs !== null && startsLikeTrace(abs);
  },
  parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    return parseTraceFile(input);
  },
};
