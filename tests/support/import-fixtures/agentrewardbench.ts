// AgentRewardBench's human labels in the layout of its repository (McGill-NLP/agent-reward-bench
// @ ea58fb5b17cd0d8b28b89918a9a02953b51ae59c), generated, with the AgentLab runs they label:
//   - agent_reward_bench/data/annotations.csv: the header of the real file (line 1:
//     annotator_name,benchmark,task_id,model_name,exp_name,trajectory_success,
//     trajectory_side_effect,trajectory_optimality,trajectory_looping), CRLF line ends as the
//     real file has on every line, annotator " H" with its leading space (lines 768-770),
//     "Unsure" success (line 1046: A on GenericAgent-gpt-4o-2024-11-20 / webarena.344, with D's
//     "Successful" on the same trajectory at line 1304), and trajectories labelled twice (the
//     second annotator is AgentRewardBench's "secondary": judge/utils.py:151-165);
//   - agentlab_results/<study>/<date>_<agent>_on_<task>_<seed>/: the AgentLab experiment
//     folders the benchmark's trajectories come from (scripts/convert_trajectories_to_json.py:16
//     reads `agentlab_results`; trajectories.py:272 shows a study and an experiment name),
//     with summary_info.json and screenshot_step_<k>.png (pickles left out: Verity refuses them).
// Some rows name trajectories that are not in agentlab_results/, as a labels file covering more
// runs than were imported does. The benchmark's judge outputs (judgments/<benchmark>/<agent>/
// <judge>/<task_id>.json, score_judgments.py:81-87) are not a format Verity reads; the same
// judgements are written as Verity JSONL verdict lines (`judge-verdicts.jsonl`) for the tests
// that compare judges with these humans.
import { renderLabelledScreen } from "../fixtures/screens";
import { jsonl, writeTree, type TreeContent } from "../fixtures/write-tree";

export const ARB_AGENTS = { gpt4o: "GenericAgent-gpt-4o-2024-11-20", qwen: "GenericAgent-Qwen_Qwen2.5-VL-72B-Instruct" } as const;
export const ARB_JUDGE = "gpt-4o-mini-noaxtree";
const STUDY = "2025-02-14_09-12-31_genericagent-on-webarena-workarena";
const WORKARENA_TASK = "workarena.servicenow.dashboard-retrieve-catalog-and-max-order-apple-watch-l2";

type Run = { agent: string; task: string; seed: string; reward: number; judge: boolean };

/** The runs in agentlab_results/, and what the judge said of each. */
export const ARB_RUNS: Run[] = [
  { agent: ARB_AGENTS.qwen, task: "webarena.177", seed: "0", reward: 0, judge: false },
  { agent: ARB_AGENTS.qwen, task: "webarena.155", seed: "0", reward: 0, judge: true },
  { agent: ARB_AGENTS.qwen, task: "webarena.24", seed: "0", reward: 0, judge: false },
  { agent: ARB_AGENTS.gpt4o, task: WORKARENA_TASK, seed: "12", reward: 0, judge: false },
  { agent: ARB_AGENTS.gpt4o, task: "webarena.177", seed: "0", reward: 1, judge: true },
  // webarena.17 is a prefix of webarena.177: each label must find its own run.
  { agent: ARB_AGENTS.gpt4o, task: "webarena.17", seed: "0", reward: 1, judge: false },
  { agent: ARB_AGENTS.gpt4o, task: "webarena.344", seed: "0", reward: 1, judge: true },
];

export const experimentFolder = (run: Run, i: number) => `2025-02-14_09-${String(13 + i).padStart(2, "0")}-00_${run.agent}_on_${run.task}_${run.seed}`;

const HEADER = "annotator_name,benchmark,task_id,model_name,exp_name,trajectory_success,trajectory_side_effect,trajectory_optimality,trajectory_looping";

function row(annotator: string, task: string, agent: string, success: string, sideEffect: string, optimality: string, looping: string): string {
  const benchmark = task.split(".")[0]!;
  const expSuite = task.split(".").slice(0, -1).join(".");
  return [annotator, benchmark, task, agent, `${agent}_on_${expSuite}`, success, sideEffect, optimality, looping].join(",");
}

const q = ARB_AGENTS.qwen;
const g = ARB_AGENTS.gpt4o;

/** The data rows, in file order (line = index + 2). */
export const ARB_ROWS = [
  row("A", "webarena.177", q, "Unsuccessful", "No", "2. Suboptimal", "No"),
  row("A", "webarena.155", q, "Unsuccessful", "No", "3. Somewhat Optimal", "Yes"),
  row("A", "webarena.24", q, "Unsuccessful", "No", "3. Somewhat Optimal", "No"),
  row("F", WORKARENA_TASK, g, "Unsuccessful", "No", "1. Complete Failure", "Yes"),
  row("B", "webarena.177", g, "Successful", "No", "4. Completely Optimal", "No"),
  row("B", "webarena.17", g, "Successful", "No", "4. Completely Optimal", "No"),
  row("A", "webarena.344", g, "Unsure", "No", "Unsure", "No"),
  // Second annotators: " H" (leading space, as in the real file) agrees once and differs twice.
  row(" H", "webarena.155", q, "Successful", "No", "3. Somewhat Optimal", "No"),
  row(" H", "webarena.177", q, "Unsuccessful", "No", "3. Somewhat Optimal", "No"),
  row(" H", "webarena.24", q, "Successful", "No", "4. Completely Optimal", "No"),
  row("D", "webarena.344", g, "Successful", "No", "4. Completely Optimal", "No"),
  // A run that was not imported.
  row("G", "visualwebarena.resized.220", q, "Unsuccessful", "Unsure", "2. Suboptimal", "Yes"),
];
export const ARB_LINES = {
  notImported: 13,
  /** The first rows of each trajectory: imported as verified. */
  primaries: 7,
  secondaries: 4,
} as const;

export const ANNOTATIONS_CSV = "agent_reward_bench/data/annotations.csv";

export function annotationsCsv(rows: string[] = ARB_ROWS): string {
  return [HEADER, ...rows].map((line) => `${line}\r\n`).join("");
}

function summary(reward: number, steps: number) {
  return JSON.stringify({ n_steps: steps, cum_reward: reward, cum_raw_reward: reward, err_msg: null, stack_trace: null, terminated: true, truncated: false }, null, 4);
}

/** agentlab_results/ with one experiment per run (2 actions and the final page each). */
export async function writeArbTrajectories(root?: string): Promise<string> {
  const files: Record<string, TreeContent> = {};
  ARB_RUNS.forEach((run, i) => {
    const dir = `agentlab_results/${STUDY}/${experimentFolder(run, i)}`;
    files[`${dir}/summary_info.json`] = summary(run.reward, 2);
    for (let k = 0; k < 3; k++) files[`${dir}/screenshot_step_${k}.png`] = renderLabelledScreen({ width: 640, height: 400, title: `${run.task} ${k}`, index: i * 3 + k });
  });
  return writeTree(files, root);
}

/** The judge's verdicts on the runs, as Verity JSONL verdict lines on the AgentLab trajectories. */
export function judgeVerdictLines(): string {
  return jsonl(
    ARB_RUNS.map((run, i) => ({
      type: "verdict",
      dataset: "agentlab",
      target: { trajectory: experimentFolder(run, i) },
      kind: "mllm",
      judge: ARB_JUDGE,
      metric: "trace_success",
      value: run.judge,
      rationale: `generated: the judge says the task ${run.judge ? "succeeded" : "failed"}`,
    })),
  );
}

/** The whole layout: runs, the labels file and the judge's verdicts, under one root. */
export async function writeAgentRewardBench(root?: string): Promise<string> {
  const base = await writeArbTrajectories(root);
  return writeTree({ [ANNOTATIONS_CSV]: annotationsCsv(), "judge-verdicts.jsonl": judgeVerdictLines() }, base);
}
