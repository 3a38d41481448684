import "server-only";
// Reads the evaluator's `outputs/<name>_<time>/results.jsonl` and `total.jsonl` (FORMAT.md §7).
// One results line per judged task: `{task_id, task, metric_type, result, RRR,
// reasonable_operation_ratio}`, where `result` is the judge dict of the LAST step whose page
// was judgeable (not necessarily the final screen). Who decided it depends on `metric_type`:
//   - "query_detect": an LLM compares the `finish` message with the expected answer
//     (SingleTask.check_answer -> detect_answer), so the verdict is an "mllm" judge's;
//   - "operation" / "operations": rule checks on the XML and adb output, a "rule" verdict.
// `complete` decides the task: absent (e.g. setting_6 returns a string check point) counts as
// not complete, as in the evaluator; null means the LLM judge gave no answer after its
// retries, which the evaluator also counts as a failure but is recorded here as unknown.
import path from "node:path";
import { findNodeAtLocation, getNodeValue, parseTree } from "jsonc-parser";
import { z } from "zod";
import type { Rejection, SourceLocation, VerdictRecord } from "@/lib/imports/records";
import { jsonLines } from "@/lib/imports/formats/jsonl-lines";
import { isFile, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

const ResultLineSchema = z.object({
  task_id: z.string().min(1),
  task: z.string().optional(),
  metric_type: z.string(),
  result: z.record(z.string(), z.unknown()),
  RRR: z.number().nullish(),
  reasonable_operation_ratio: z.number().nullish(),
});

const TotalLineSchema = z.looseObject({ App: z.string(), Total: z.number(), Complete_Correct: z.number() });

export type EpisodeOutcome = {
  taskId: string;
  metricType: string;
  verdict: VerdictRecord;
  rrr: number | null;
  reasonableOperationRatio: number | null;
  /** The `result` dict in the file's key order (JSON.parse puts "1", "2" before "judge_page"),
   * for the metrics and the results.jsonl written back (lib/benchmarks/androidlab-files.ts). */
  resultEntries: [string, unknown][];
  /** The task text of the line (the yaml's, without "You should use ..."). */
  task: string | null;
  /** The results line the verdict came from. */
  location: SourceLocation;
};

function orderedEntries(text: string, fallback: Record<string, unknown>): [string, unknown][] {
  const root = parseTree(text);
  const result = root ? findNodeAtLocation(root, ["result"]) : undefined;
  if (!result || result.type !== "object" || !result.children) return Object.entries(fallback);
  return result.children.flatMap((property) => {
    const [key, value] = property.children ?? [];
    return key && value ? [[String(key.value), getNodeValue(value)] as [string, unknown]] : [];
  });
}

const NOT_CHECK_POINTS = new Set(["judge_page", "complete"]);

function completeValue(result: Record<string, unknown>): boolean | null {
  if (!("complete" in result)) return false;
  const value = result.complete;
  if (value === null) return null;
  return value === true;
}

function rationaleFor(metricType: string, result: Record<string, unknown>): string {
  const checks = Object.entries(result)
    .filter(([key]) => !NOT_CHECK_POINTS.has(key))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  const decidedBy =
    metricType === "query_detect" ? "LLM check of the finish message against the expected answer" : "rule checks";
  const complete =
    !("complete" in result)
      ? "no `complete` key, counted as not complete"
      : result.complete === null
        ? "the judge gave no answer (complete=null), counted as not complete by AndroidLab"
        : `complete=${JSON.stringify(result.complete)}`;
  return `${metricType} task, ${decidedBy}; check points: ${checks.join(", ") || "none"}; ${complete}; taken from the last step whose page was judgeable`;
}

function verdictFor(metricType: string, result: Record<string, unknown>, line: unknown): VerdictRecord {
  const isLlm = metricType === "query_detect";
  return {
    kind: isLlm ? "mllm" : "rule",
    // The judge model (--judge_model glm4 | gpt-4o-...) is not written to the outputs.
    judgeName: isLlm ? "androidlab/detect_answer" : "androidlab/rule",
    promptVersion: null,
    metric: "trace_success",
    valueBool: completeValue(result),
    valueScore: null,
    rationale: rationaleFor(metricType, result),
    // The whole results line, re-serialised: the judge's own reply is not written to disk.
    rawOutput: JSON.stringify(line),
  };
}

export type RunResults = { outcomes: Map<string, EpisodeOutcome>; rejections: Rejection[]; totals: unknown[] };

/** Reads both files of one output directory. Small (one line per task), so kept in memory. */
export async function readRunResults(root: string, outputsDir: string): Promise<RunResults> {
  const outcomes = new Map<string, EpisodeOutcome>();
  const rejections: Rejection[] = [];
  const totals: unknown[] = [];

  const resultsPath = path.join(outputsDir, "results.jsonl");
  const resultsRel = relativeToRoot(root, resultsPath);
  if (await isFile(resultsPath)) {
    for await (const entry of jsonLines(resultsPath)) {
      const location = { file: resultsRel, line: entry.line };
      if ("error" in entry) {
        rejections.push({ type: "rejected", location, reason: entry.error });
        continue;
      }
      const parsed = ResultLineSchema.safeParse(entry.value);
      if (!parsed.success) {
        rejections.push({ type: "rejected", location, reason: describeZodError(parsed.error) });
        continue;
      }
      const line = parsed.data;
      const earlier = outcomes.get(line.task_id);
      if (earlier) {
        rejections.push({ type: "rejected", location, reason: `task_id "${line.task_id}" was already judged on line ${earlier.location.line}; the first result is kept` });
        continue;
      }
      outcomes.set(line.task_id, {
        taskId: line.task_id,
        metricType: line.metric_type,
        verdict: verdictFor(line.metric_type, line.result, entry.value),
        rrr: line.RRR ?? null,
        reasonableOperationRatio: line.reasonable_operation_ratio ?? null,
        resultEntries: orderedEntries(entry.text, line.result),
        task: line.task ?? null,
        location,
      });
    }
  }

  const totalPath = path.join(outputsDir, "total.jsonl");
  if (await isFile(totalPath)) {
    for await (const entry of jsonLines(totalPath)) {
      const location = { file: relativeToRoot(root, totalPath), line: entry.line };
      if ("error" in entry) {
        rejections.push({ type: "rejected", location, reason: entry.error });
        continue;
      }
      const parsed = TotalLineSchema.safeParse(entry.value);
      if (parsed.success) totals.push(parsed.data);
      else rejections.push({ type: "rejected", location, reason: describeZodError(parsed.error) });
    }
  }
  return { outcomes, rejections, totals };
}
