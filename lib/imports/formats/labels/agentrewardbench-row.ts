// One row of AgentRewardBench's human annotations (McGill-NLP/agent-reward-bench,
// agent_reward_bench/data/annotations.csv, read by scripts/score_judgments.py with
// csv.DictReader) -> a label of one AgentLab trajectory. The columns:
//   annotator_name   a letter per expert ("A".."H"; the file has " H" with a leading space,
//                    the same person, so names are trimmed)
//   benchmark        webarena | visualwebarena | workarena | assistantbench (the task name's first part)
//   task_id          the BrowserGym task name (`webarena.177`, `visualwebarena.resized.220`)
//   model_name       the AgentLab agent name (`GenericAgent-gpt-4o-2024-11-20`): the agent
//                    half of the experiment folder `<date>_<agent>_on_<task>_<seed>`
//   exp_name         `<agent>_on_<task's benchmark part>`
//   trajectory_success      Successful | Unsuccessful | Unsure
//   trajectory_side_effect  Yes | No | Unsure
//   trajectory_optimality   "1. Complete Failure" .. "4. Completely Optimal" | Unsure
//   trajectory_looping      Yes | No | Unsure
// Success maps onto the trace verdict ("Unsure" is Verity's unsure); the three other
// judgements have no column in Verity and are kept on the annotation (`extra`) and in its
// note, where reviewers read them. AgentRewardBench scores judges against the first
// annotation of each trajectory, its "primary" annotator, and uses a second one only for
// inter-annotator agreement (judge/utils.py infer_annotator_type, score_judgments.py's
// `r["annotator"] == "primary"` filter): so the first row of a trajectory is imported as
// verified (its answer pinned as the final answer) and later ones as submitted answers.
import type { AnnotationRecord, Rejection, SourceLocation } from "@/lib/imports/records";

export const ARB_COLUMNS = [
  "annotator_name",
  "benchmark",
  "task_id",
  "model_name",
  "exp_name",
  "trajectory_success",
  "trajectory_side_effect",
  "trajectory_optimality",
  "trajectory_looping",
] as const;
export type ArbRow = Record<(typeof ARB_COLUMNS)[number], string>;

// The label values AgentRewardBench's numerize() accepts for success (eval/metrics.py),
// compared as its clean_label() does: trimmed, lower-cased, quotes removed.
const SUCCESS = new Set(["successful", "yes", "success"]);
const FAILURE = new Set(["unsuccessful", "no", "failure", "unsuccesful"]);

const clean = (value: string) => value.trim().toLowerCase().replace(/['"]/g, "");

export function traceVerdictOf(value: string): "success" | "failure" | "unsure" | null {
  const label = clean(value);
  if (SUCCESS.has(label)) return "success";
  if (FAILURE.has(label)) return "failure";
  if (label === "unsure") return "unsure";
  return null;
}

/** The trajectory a row is about, as one key: its agent and task. */
export const trajectoryKeyOf = (row: Pick<ArbRow, "model_name" | "task_id">) => `${row.model_name.trim()}\u0000${row.task_id.trim()}`;

export function noteOf(row: ArbRow): string {
  const v = (s: string) => s.trim() || "not given";
  return `AgentRewardBench: side effect ${v(row.trajectory_side_effect)} · optimality ${v(row.trajectory_optimality)} · looping ${v(row.trajectory_looping)}`;
}

/**
 * Maps one row; `isPrimary` says whether it is the first annotation of its trajectory in the
 * file. Rows that name no annotator, agent or task, or give a success value the benchmark
 * itself would not read, are refused with the reason.
 */
export function mapArbRow(row: ArbRow, location: SourceLocation, isPrimary: boolean, others: Record<string, string> | null = null): AnnotationRecord | Rejection {
  const annotator = row.annotator_name.trim();
  const agentName = row.model_name.trim();
  const taskName = row.task_id.trim();
  const benchmark = row.benchmark.trim();
  const missing = [!annotator && "annotator_name", !agentName && "model_name", !taskName && "task_id"].filter(Boolean);
  if (missing.length) return { type: "rejected", location, reason: `${missing.join(", ")} is empty` };
  if (benchmark && taskName.split(".")[0] !== benchmark) {
    return { type: "rejected", location, reason: `task_id "${taskName}" is not a task of benchmark "${benchmark}"` };
  }
  const traceVerdict = traceVerdictOf(row.trajectory_success);
  if (!traceVerdict) {
    return { type: "rejected", location, reason: `trajectory_success "${row.trajectory_success}" is none of Successful, Unsuccessful, Unsure` };
  }
  return {
    type: "annotation",
    location,
    annotator: { source: "agentrewardbench", name: annotator },
    target: { kind: "agentlab_task", agentName, taskName },
    status: isPrimary ? "verified" : "submitted",
    label: { kind: "trajectory", traceVerdict, firstWrongStep: null, steps: [], note: noteOf(row) },
    submittedAt: null,
    extra: {
      agentRewardBench: {
        annotator: isPrimary ? "primary" : "secondary",
        benchmark,
        expName: row.exp_name.trim(),
        success: row.trajectory_success.trim(),
        sideEffect: row.trajectory_side_effect.trim(),
        optimality: row.trajectory_optimality.trim(),
        looping: row.trajectory_looping.trim(),
        ...(others ? { otherColumns: others } : {}),
      },
    },
  };
}
