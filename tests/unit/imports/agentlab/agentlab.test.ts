// The AgentLab parser on a generated study in the real layout: summary_info.json and the
// screenshots are imported, every pickle is refused by name and never opened. Layout facts from
// ServiceNow/AgentLab src/agentlab/experiments/loop.py @ 69cd8930e1dca6893899aef3002c5b2342e0f5d2:
// L265-290 save_step_info writes screenshot_step_<k>.png, goal_object.pkl.gz once and
// step_<k>.pkl.gz per StepInfo; L371 and L388-398 name the folder
// `<date>_<agent>_on_<task>_<seed>[_<i>]`; L548-581 save_summary_info writes n_steps =
// len(episode_info) - 1 and cum_reward; L880 skips folders starting with "_" or ".".
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentLabParser } from "@/lib/imports/formats/agentlab/agentlab";
import { parseExperimentName } from "@/lib/imports/formats/agentlab/agentlab-experiment";
import { detectParser } from "@/lib/imports/formats/registry";
import type { ParsedItem } from "@/lib/imports/records";
import { AGENTLAB_EXPERIMENTS, AGENTLAB_STUDY, writeAgentLabFixture } from "../../../support/fixtures/agentlab-fixture";
import { collect, rejections, removeTree, runs, trajectories } from "../trajectories/helpers";

let root: string;
let items: ParsedItem[];
const bySource = (id: string) => trajectories(items).find((t) => t.sourceId === id)!;

beforeAll(async () => {
  root = await writeAgentLabFixture();
  items = await collect(agentLabParser.parse({ root, file: null }));
});
afterAll(() => removeTree(root));

describe("AgentLab study folder", () => {
  it("is detected from the results folder, the study and one experiment", async () => {
    expect((await detectParser({ root, file: null }))?.id).toBe("agentlab");
    expect((await detectParser({ root: path.join(root, AGENTLAB_STUDY), file: null }))?.id).toBe("agentlab");
    expect((await detectParser({ root: path.join(root, AGENTLAB_STUDY, AGENTLAB_EXPERIMENTS.solved), file: null }))?.id).toBe("agentlab");
  });

  it("reads experiment folder names as loop.py writes them", () => {
    expect(parseExperimentName(AGENTLAB_EXPERIMENTS.solved)).toEqual({ date: "2024-08-01_10-20-52", agentName: "GenericAgent-test-model", taskName: "miniwob.click-button", seed: "42" });
    expect(parseExperimentName(AGENTLAB_EXPERIMENTS.unfinished)).toMatchObject({ taskName: "miniwob.choose-list", seed: "3" });
    expect(parseExperimentName("2024-08-01_10-20-52_GenericAgent_on_miniwob.ascending-numbers_64_e6d2d5")).toMatchObject({ taskName: "miniwob.ascending-numbers", seed: "64" });
    expect(parseExperimentName("notes")).toBeNull();
  });

  it("refuses every pickle by name, with the reason, and nothing else", async () => {
    const refused = rejections(items);
    // 1 study.pkl.gz + per experiment exp_args.pkl, goal_object.pkl.gz and one step pickle per screenshot (4 + 2 + 2)
    expect(refused).toHaveLength(1 + 3 * 2 + 8);
    for (const r of refused) {
      expect(r.location.file).toMatch(/\.pkl(\.gz)?$/);
      expect(r.reason).toMatch(/refused: a Python pickle .*never opens pickles/);
      expect(await fs.readFile(path.join(root, r.location.file), "utf8")).toMatch(/not a pickle/);
    }
    expect(refused.find((r) => r.location.file.endsWith(`${AGENTLAB_EXPERIMENTS.solved}/step_2.pkl.gz`))!.reason).toMatch(/step 2's action/);
  });

  it("makes the study an evaluation run and each experiment a trajectory; folders starting with _ are skipped", () => {
    expect(runs(items)).toEqual([expect.objectContaining({ name: `agentlab/${AGENTLAB_STUDY}`, benchmark: "miniwob", model: "GenericAgent-test-model" })]);
    expect(trajectories(items).map((t) => t.sourceId).sort()).toEqual(Object.values(AGENTLAB_EXPERIMENTS).sort());
  });

  it("one step per action screenshot, the last screenshot as the end page, cum_reward as the verdict", () => {
    const solved = bySource(AGENTLAB_EXPERIMENTS.solved);
    const dir = `${AGENTLAB_STUDY}/${AGENTLAB_EXPERIMENTS.solved}`;
    expect(solved.steps.map((s) => [s.imageRef, s.action])).toEqual([0, 1, 2].map((k) => [`${dir}/screenshot_step_${k}.png`, null]));
    expect(solved.steps[0]!.note).toMatch(/step_0\.pkl\.gz, a pickle Verity does not open/);
    expect(solved).toMatchObject({ benchmark: "miniwob", model: "GenericAgent-test-model", groupKey: "miniwob.click-button_42", autoOutcome: true, sourceReward: 1, runName: `agentlab/${AGENTLAB_STUDY}` });
    expect(solved.extra).toMatchObject({ endScreenshotRef: `${dir}/screenshot_step_3.png`, taskName: "miniwob.click-button" });
    expect(solved.verdicts).toEqual([expect.objectContaining({ kind: "rule", judgeName: "browsergym/miniwob", valueBool: true })]);
  });

  it("an episode that raised has an unknown outcome and the error in its verdict; one without a summary has none", () => {
    const errored = bySource(AGENTLAB_EXPERIMENTS.errored);
    expect(errored.autoOutcome).toBeNull();
    expect(errored.verdicts[0]!.rationale).toMatch(/ended with an error \(Exception uncaught/);
    const unfinished = bySource(AGENTLAB_EXPERIMENTS.unfinished);
    expect(unfinished).toMatchObject({ autoOutcome: null, verdicts: [] });
    expect(unfinished.steps).toHaveLength(2);
    expect(unfinished.steps.at(-1)!.note).toMatch(/without summary_info.json/);
  });
});
