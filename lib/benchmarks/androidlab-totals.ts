// AndroidLab's run-level figures from per-task metrics, exactly as its evaluator adds them up
// (THUDM/Android-Lab@373fc1d): total.jsonl per app (evaluation/task.py print_metric, L288-314)
// and the row of output.xlsx / output_detail.xlsx (generate_result.py output_to_excel L86-133,
// main L187-201). Pure: the tasks come in results.jsonl order, since Python adds floats in
// that order. The per-task values are the stored ones (Trajectory.benchmarkMetrics).
import type { AndroidLabTaskMetrics } from "@/lib/domain/androidlab-episode-metrics";
import { pyDiv, pyFloat, pyInt, pySum, type PyNumber } from "@/lib/domain/python-json";

export type AndroidLabTask = { taskId: string; metrics: AndroidLabTaskMetrics };

/** One total.jsonl line, in its key order. */
export type AppTotal = {
  App: string;
  Acc: PyNumber;
  Total: PyNumber;
  Complete_Correct: PyNumber;
  Sum_Partial_Acc: PyNumber;
  Partial_Acc: PyNumber;
  RRR: PyNumber;
  Sum_RRR: PyNumber;
  reasonable_operation_ratio: PyNumber;
  Sum_reasonable_operation_ratio: PyNumber;
};

export const TOTAL_KEYS = ["App", "Acc", "Total", "Complete_Correct", "Sum_Partial_Acc", "Partial_Acc", "RRR", "Sum_RRR", "reasonable_operation_ratio", "Sum_reasonable_operation_ratio"] as const;

/** The app of a task id, as print_metric groups them: `task_id.split("_")[0]`. */
export const appOf = (taskId: string) => taskId.split("_")[0]!;

// `sum(values) / len(values)`, or 0 and 0 when nothing is left (the caught ZeroDivisionError).
function meanOf(values: PyNumber[]): { mean: PyNumber; sum: PyNumber } {
  if (values.length === 0) return { mean: pyInt(0), sum: pyInt(0) };
  const sum = pySum(values);
  return { mean: pyDiv(sum, pyInt(values.length)), sum };
}

/** total.jsonl: one line per app, in the order the apps first appear. */
export function appTotals(tasks: readonly AndroidLabTask[]): AppTotal[] {
  const apps = [...new Set(tasks.map((t) => appOf(t.taskId)))];
  return apps.map((app) => {
    const of = tasks.filter((t) => appOf(t.taskId) === app);
    const complete = of.map((t) => pyInt(t.metrics.complete ? 1 : 0));
    const partial = of.map((t) => t.metrics.partial);
    const total = pyInt(of.length);
    const rrr = meanOf(of.flatMap((t) => (t.metrics.rrr ? [t.metrics.rrr] : [])));
    const ror = meanOf(of.map((t) => t.metrics.ror));
    const correct = pySum(complete);
    const sumPartial = pySum(partial);
    return {
      App: app,
      Acc: pyDiv(correct, total),
      Total: total,
      Complete_Correct: correct,
      Sum_Partial_Acc: sumPartial,
      Partial_Acc: pyDiv(sumPartial, total),
      RRR: rrr.mean,
      Sum_RRR: rrr.sum,
      reasonable_operation_ratio: ror.mean,
      Sum_reasonable_operation_ratio: ror.sum,
    };
  });
}

/** output.xlsx: the columns after the index, in generate_result.py's order. */
export const OUTPUT_COLUMNS = ["agent_name", "App", "Total", "Complete_Correct", "Sum_Partial_Acc", "Sum_RRR", "Sum_reasonable_operation_ratio", "Acc", "correct"] as const;
export type OutputRow = { agent_name: string } & Record<Exclude<(typeof OUTPUT_COLUMNS)[number], "agent_name">, PyNumber>;

/** `--total_num`: the benchmark's task count the percentages are of (138 in AndroidLab). */
export const ANDROIDLAB_TOTAL_NUM = 138;

export function outputRow(agentName: string, totals: readonly AppTotal[], totalNum = ANDROIDLAB_TOTAL_NUM): OutputRow {
  const sumOf = (key: keyof AppTotal) => pySum(totals.map((t) => t[key] as PyNumber));
  const correct = sumOf("Complete_Correct");
  const percentOf = (sum: PyNumber) => pyDiv(pyFloat(100 * sum.value), pyInt(totalNum));
  const total = sumOf("Total");
  return {
    agent_name: agentName,
    App: pyInt(totals.length),
    Total: total,
    Complete_Correct: percentOf(correct),
    Sum_Partial_Acc: percentOf(sumOf("Sum_Partial_Acc")),
    Sum_RRR: correct.value === 0 ? pyInt(0) : pyDiv(pyFloat(100 * sumOf("Sum_RRR").value), correct),
    Sum_reasonable_operation_ratio: percentOf(sumOf("Sum_reasonable_operation_ratio")),
    Acc: total.value === 0 ? pyInt(0) : pyDiv(correct, total),
    correct,
  };
}

/** output_detail.xlsx: the agent and Complete_Correct per app. */
export function detailRow(agentName: string, totals: readonly AppTotal[]): { columns: string[]; values: (string | PyNumber)[] } {
  return { columns: ["agent_name", ...totals.map((t) => t.App)], values: [agentName, ...totals.map((t) => t.Complete_Correct)] };
}
