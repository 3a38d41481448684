// A generated AndroidLab run for checking AndroidLab's metrics by hand (FORMAT.md §7): two apps
// from two task yamls, consecutive identical screenshots, tasks with several sub-goals, and
// tasks missing from ground_truth_length.json. Layout as the importer reads it
// (androidlab.ts): logs/evaluation/<run>/<task>_<date>_<time>/{traces/trace.jsonl, Screen/,
// xml/}, outputs/<run>_<time>/results.jsonl, and
// evaluation/tasks/human_ground_turth/ground_truth_length.json.
//   clock_1   4 steps, turns 1 and 2 the same screen; result 1, 2 met, complete; ground truth 3
//   clock_2   3 steps, all screens different; result 1 met, 2 unmet, 3 met, not complete
//   setting_5 2 steps; 1 met, complete; not in ground_truth_length.json
//   setting_7 1 step; {"complete": false}, no sub-goal
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderScreen } from "./screens";

export const METRICS_RUN = "metrics-xml-agent";
const SIZE = { width: 240, height: 400 };

type Task = { taskId: string; app: string; task: string; metric: string; seeds: number[]; result: string };

export const METRICS_TASKS: Task[] = [
  { taskId: "clock_1", app: "Clock", task: "Set an alarm for 7 am", metric: "operation", seeds: [11, 12, 12, 13], result: '{"judge_page": true, "1": true, "2": true, "complete": true}' },
  { taskId: "clock_2", app: "Clock", task: "Start a 5 minute timer and name it tea", metric: "operation", seeds: [21, 22, 23], result: '{"judge_page": true, "1": true, "2": false, "3": true, "complete": false}' },
  { taskId: "setting_5", app: "Settings", task: "Turn on dark mode", metric: "operation", seeds: [31, 32], result: '{"judge_page": true, "1": true, "complete": true}' },
  { taskId: "setting_7", app: "Settings", task: "What is the Android version?", metric: "query_detect", seeds: [41], result: '{"complete": false}' },
];

export const METRICS_GROUND_TRUTH = { clock_1: 3, clock_2: 2, setting_7: 1 };

const xml = (turn: number) =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="row ${turn}" resource-id="" class="android.widget.TextView" package="com.example" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][240,40]" /></hierarchy>`;

/** Writes the run under `root` and returns the root. `results`: whether the evaluator's outputs are there. */
export async function writeAndroidLabMetricsRun(root: string): Promise<string> {
  let clock = 1741100000;
  for (const [n, t] of METRICS_TASKS.entries()) {
    const dirName = `${t.taskId}_2025-03-05_09-0${n}-00`;
    const dir = path.join(root, "logs", "evaluation", METRICS_RUN, dirName);
    for (const sub of ["traces", "Screen", "xml"]) await mkdir(path.join(dir, sub), { recursive: true });
    const target = `You should use ${t.app} to complete the following task: ${t.task}`;
    const lines: string[] = [];
    for (const [turn, seed] of t.seeds.entries()) {
      clock += 7.5;
      const shot = `screenshot-${turn}-${clock.toFixed(6)}-before.png`;
      await writeFile(path.join(dir, "Screen", shot), await renderScreen(SIZE.width, SIZE.height, seed));
      await writeFile(path.join(dir, "xml", `${turn}.xml`), xml(turn));
      const isLast = turn === t.seeds.length - 1;
      const action = isLast ? { operation: "finish", action: "finish", kwargs: { message: "done" } } : { operation: "do", action: "Tap", kwargs: { element: [10, 10 + turn * 40, 230, 40 + turn * 40] } };
      const base = `./logs/evaluation/${METRICS_RUN}/${dirName}`;
      lines.push(JSON.stringify({ trace_id: dirName, index: turn, prompt: turn === 0 ? target : "** XML **", image: `${base}/Screen/${shot}`, xml: `${base}/xml/${turn}.xml`, ac_xml: null, current_activity: "com.example", window: [SIZE.width, SIZE.height], target, parsed_action: action, current_response: `Step ${turn}` }));
    }
    await writeFile(path.join(dir, "traces", "trace.jsonl"), `${lines.join("\n")}\n`);
  }
  const outputs = path.join(root, "outputs", `${METRICS_RUN}_2025-03-05-10-00-00`);
  await mkdir(outputs, { recursive: true });
  // The evaluator's own RRR and ROR are left as it would write them; the test recomputes them.
  const results = METRICS_TASKS.map((t) => `{"task_id": "${t.taskId}", "task": "${t.task}", "metric_type": "${t.metric}", "result": ${t.result}, "RRR": null, "reasonable_operation_ratio": 1}`);
  await writeFile(path.join(outputs, "results.jsonl"), `${results.join("\n")}\n`);
  const gt = path.join(root, "evaluation", "tasks", "human_ground_turth");
  await mkdir(gt, { recursive: true });
  await writeFile(path.join(gt, "ground_truth_length.json"), JSON.stringify(METRICS_GROUND_TRUTH, null, 2));
  return root;
}
