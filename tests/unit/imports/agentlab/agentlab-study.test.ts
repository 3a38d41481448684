// The files an AgentLab study keeps beside its experiments (generated in the layout
// ServiceNow/AgentLab writes, see tests/support/fixtures/agentlab-fixture.ts): result_df,
// summary_df and error_report are read and their figures checked against the experiments'
// summary_info.json, package_versions.txt is kept on the run, and everything else in the
// study folder is named in the report, never passed over.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentLabParser } from "@/lib/imports/formats/agentlab/agentlab";
import { checkSummaryRows, countErrorReport, type EpisodeFacts } from "@/lib/imports/formats/agentlab/agentlab-study-check";
import type { FigureDifference, ParsedItem, SourceNote } from "@/lib/imports/records";
import { AGENTLAB_EXPERIMENTS, AGENTLAB_PACKAGES, AGENTLAB_STUDY, writeAgentLabFixture } from "../../../support/fixtures/agentlab-fixture";
import { collect, rejections, removeTree, runs, tempTree } from "../trajectories/helpers";

const notes = (items: ParsedItem[]) => items.filter((i): i is SourceNote => i.type === "note");
const differences = (items: ParsedItem[]) => items.filter((i): i is FigureDifference => i.type === "figure_difference");
const noteOn = (items: ParsedItem[], file: string) => notes(items).filter((n) => n.location.file === file).map((n) => n.reason);
const RUN = `agentlab/${AGENTLAB_STUDY}`;
const at = (name: string) => `${AGENTLAB_STUDY}/${name}`;

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await removeTree(root);
});
async function parse(variant: "agreeing" | "disagreeing"): Promise<ParsedItem[]> {
  const root = await writeAgentLabFixture(undefined, variant);
  roots.push(root);
  return collect(agentLabParser.parse({ root, file: null }));
}

describe("an AgentLab study whose own files agree with its experiments", () => {
  let items: ParsedItem[];
  beforeAll(async () => {
    items = await parse("agreeing");
  });

  it("names each study file as read, with what was checked, and finds no difference", () => {
    expect(noteOn(items, at("result_df_trial_1_of_3.csv"))).toEqual([expect.stringMatching(/^read: one row per experiment, each checked against its summary_info.json .* \(3 row\(s\)\)$/)]);
    expect(noteOn(items, at("summary_df_trial_1_of_3.csv"))).toEqual([expect.stringMatching(/^read: AgentLab's summary, checked .*n_completed, n_err, avg_reward, avg_steps.* \(1 row\(s\)\)$/)]);
    expect(noteOn(items, at("error_report_trial_1_of_3.md"))).toEqual([expect.stringMatching(/^read: 1 error\(s\) of 1 kind\(s\) counted; the report's text is not imported/)]);
    expect(differences(items)).toEqual([]);
  });

  it("keeps the package versions on the run and says so once for the study", () => {
    const [run] = runs(items);
    expect(run!.meta).toMatchObject({
      packageVersions: Object.fromEntries(AGENTLAB_PACKAGES.map((p) => p.split("=="))),
      studyFilesCheck: { files: ["result_df_trial_1_of_3.csv", "summary_df_trial_1_of_3.csv", "error_report_trial_1_of_3.md"].map(at).sort(), differenceCount: 0 },
    });
    const packageNotes = notes(items).filter((n) => n.location.file.endsWith("package_versions.txt"));
    expect(packageNotes).toEqual([
      expect.objectContaining({ location: { file: at(`${AGENTLAB_EXPERIMENTS.solved}/package_versions.txt`), line: null }, reason: expect.stringMatching(/^read and the same file of 2 other experiment\(s\): package versions \(5 packages, the same in every experiment\), kept on the run$/) }),
    ]);
  });

  it("names the folder AgentLab skips and leaves nothing of the study unnamed", () => {
    expect(noteOn(items, at("_old_run"))).toEqual([expect.stringMatching(/^skipped, as AgentLab skips it/)]);
    // Every note is about a study file, the package versions or the skipped folder; the pickles are refused.
    expect(notes(items)).toHaveLength(5);
    expect(rejections(items).every((r) => /\.pkl(\.gz)?$/.test(r.location.file))).toBe(true);
  });
});

describe("an AgentLab study whose last trial's files disagree with its experiments", () => {
  let items: ParsedItem[];
  beforeAll(async () => {
    items = await parse("disagreeing");
  });

  it("checks only the last trial's files and names the earlier trial's as superseded", () => {
    for (const kind of ["result_df", "summary_df"]) {
      expect(noteOn(items, at(`${kind}_trial_1_of_3.csv`))).toEqual([`not checked: trial 1's file, superseded by ${kind}_trial_2_of_3.csv (a relaunch moves the experiments it reruns to hidden "_" folders)`]);
    }
    expect(noteOn(items, at("error_report_trial_1_of_3.md"))).toEqual([expect.stringMatching(/^not checked: trial 1's file, superseded by error_report_trial_2_of_3\.md/)]);
  });

  it("reports each figure the experiments do not reproduce, with its file and line", () => {
    const found = differences(items).map((d) => ({ file: d.location.file, line: d.location.line, run: d.run, metric: d.metric, fileValue: d.fileValue, importedValue: d.importedValue }));
    expect(found).toEqual(
      expect.arrayContaining([
        { file: at("summary_df_trial_2_of_3.csv"), line: 2, run: RUN, metric: "GenericAgent-test-model on miniwob: avg_reward", fileValue: 0.75, importedValue: 0.5 },
        { file: at("summary_df_trial_2_of_3.csv"), line: 2, run: RUN, metric: "GenericAgent-test-model on miniwob: experiments with an error (n_err)", fileValue: 0, importedValue: 1 },
        { file: at("result_df_trial_2_of_3.csv"), line: 3, run: RUN, metric: `${AGENTLAB_EXPERIMENTS.solved}: cum_reward`, fileValue: 0, importedValue: 1 },
      ]),
    );
    expect(found).toHaveLength(3);
    expect(runs(items)[0]!.meta).toMatchObject({ studyFilesCheck: { differenceCount: 3 } });
  });
});

describe("the checks on their own", () => {
  const episode = (folder: string, agentName: string, reward: number | null, flags: { error?: boolean; done?: boolean } = {}): EpisodeFacts => ({
    folder,
    agentName,
    benchmark: "miniwob",
    summary: reward === null ? null : { cumReward: reward, nSteps: 2, hasError: !!flags.error, hasErrorText: !!flags.error, isCompleted: !!flags.error || !!flags.done },
  });

  it("an agent with completed experiments and no summary row is a difference; one with none completed is not", () => {
    const header = ["agent.agent_name", "env.benchmark", "avg_reward", "std_err", "avg_steps", "n_completed", "n_err"];
    const rows = [{ line: 2, fields: { "agent.agent_name": "A", "env.benchmark": "miniwob", avg_reward: "1.0", std_err: "0.0", avg_steps: "2.0", n_completed: "1/1", n_err: "0" } }];
    const check = checkSummaryRows("s.csv", "run", header, rows, [episode("a1", "A", 1, { done: true }), episode("b1", "B", 0, { done: true }), episode("c1", "C", null)]);
    expect(check.differences).toEqual([{ type: "figure_difference", location: { file: "s.csv", line: null }, run: "run", metric: "B on miniwob: experiments completed (no row in the file)", fileValue: null, importedValue: 1 }]);
  });

  it("rows split by another agent setting are added up: counts checked, averages not", () => {
    const header = ["agent.agent_name", "env.benchmark", "agent.flags.use_html", "avg_reward", "std_err", "avg_steps", "n_completed", "n_err"];
    const row = (line: number, html: string, completed: string) => ({ line, fields: { "agent.agent_name": "A", "env.benchmark": "miniwob", "agent.flags.use_html": html, avg_reward: "0.9", std_err: "0.1", avg_steps: "7.0", n_completed: completed, n_err: "0" } });
    const check = checkSummaryRows("s.csv", "run", header, [row(2, "True", "1/1"), row(3, "False", "1/2")], [episode("a1", "A", 1, { done: true }), episode("a2", "A", 0, { done: true }), episode("a3", "A", 0, { done: true })]);
    expect(check.differences.map((d) => [d.metric, d.fileValue, d.importedValue])).toEqual([["A on miniwob: experiments completed (n_completed)", 2, 3]]);
    expect(check.notes.map((n) => n.reason)).toEqual([expect.stringMatching(/^rows split by agent.flags.use_html .* averages not checked$/)]);
  });

  it("counts error_report's headings", () => {
    expect(countErrorReport("-------------------\n## 3x : Timeout<br>x\n\n* t seed: 1\n-------------------\n## 2x : Other\n")).toEqual({ errors: 5, kinds: 2 });
    expect(countErrorReport("")).toEqual({ errors: 0, kinds: 0 });
  });
});

describe("an AgentLab study without the files Study.get_results writes", () => {
  it("says its experiments are imported without a cross-check", async () => {
    const root = await tempTree({ "2024-08-01_10-20-52_study/2024-08-01_10-20-52_A_on_miniwob.x_1/summary_info.json": JSON.stringify({ n_steps: 0, cum_reward: 0 }) });
    roots.push(root);
    const items = await collect(agentLabParser.parse({ root, file: null }));
    expect(noteOn(items, "2024-08-01_10-20-52_study")).toEqual([expect.stringMatching(/^no result_df or summary_df .*without a cross-check$/)]);
  });
});
