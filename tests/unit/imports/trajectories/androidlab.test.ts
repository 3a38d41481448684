// The AndroidLab parser on the synthetic-but-exact run in ../shared/fixtures/androidlab-run:
// 3 episodes (3, 5 and 4 steps), total.jsonl says 2 of 3 complete, quark_3 is rule-complete.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { androidLabParser } from "@/lib/imports/formats/trajectories/androidlab";
import type { TrajectoryRecord } from "@/lib/imports/records";
import { collect, exists, fixture, rejections, runs, trajectories } from "./helpers";
import { describePublic } from "../../../support/public-fixtures";
import { generatedFixtures } from "../../../support/import-fixtures";
import { ANDROIDLAB_RUN } from "../../../support/import-fixtures/androidlab";

const root = fixture("androidlab-run");
const RUN = "gpt4o-xml-synthetic";

async function parseFixture() {
  return collect(androidLabParser.parse({ root, file: null }));
}

function byTask(all: TrajectoryRecord[], taskId: string): TrajectoryRecord {
  const found = all.find((t) => t.groupKey === taskId);
  if (!found) throw new Error(`no trajectory for ${taskId}`);
  return found;
}

describePublic("androidlab parser on the public fixture run", () => {
  it("yields one run then three trajectories and rejects nothing", async () => {
    const items = await parseFixture();
    expect(items.map((i) => i.type)).toEqual(["run", "trajectory", "trajectory", "trajectory"]);
    expect(rejections(items)).toEqual([]);
    const [run] = runs(items);
    expect(run).toMatchObject({ name: RUN, benchmark: "androidlab", model: RUN });
    expect(run!.meta).toMatchObject({
      logsDir: `logs/evaluation/${RUN}`,
      outputsDir: `outputs/${RUN}_2024-10-16-15-02-11`,
      total: [{ App: "quark", Total: 3, Complete_Correct: 2 }],
    });
  });

  it("reads every episode with its step count, goal, app and group", async () => {
    const all = trajectories(await parseFixture());
    expect(all.map((t) => [t.sourceId, t.steps.length])).toEqual([
      [`${RUN}/quark_1_2024-10-16_14-30-05`, 3],
      [`${RUN}/quark_2_2024-10-16_14-31-37`, 5],
      [`${RUN}/quark_3_2024-10-16_14-33-26`, 4],
    ]);
    const quark3 = byTask(all, "quark_3");
    expect(quark3).toMatchObject({
      sourceDataset: "androidlab",
      benchmark: "androidlab",
      goal: 'Open the file details of the picture "壁纸_3.jpg" in my cloud album',
      app: "Quark",
      runName: RUN,
      model: RUN,
    });
    expect(all.every((t) => t.steps.every((s, i) => s.index === i))).toBe(true);
  });

  it("points every screenshot and UI tree at a file under the root", async () => {
    const all = trajectories(await parseFixture());
    const refs = all.flatMap((t) => t.steps.flatMap((s) => [s.imageRef, s.uiTreeRef]));
    expect(refs).toHaveLength(24);
    for (const ref of refs) {
      expect(ref).not.toBeNull();
      expect(await exists(path.join(root, ref!)), ref!).toBe(true);
    }
    const firstImage = byTask(all, "quark_1").steps[0]!.imageRef;
    expect(firstImage).toBe(
      `logs/evaluation/${RUN}/quark_1_2024-10-16_14-30-05/Screen/screenshot-0-1729060244.7567284-before.png`,
    );
    for (const t of all) expect(await exists(path.join(root, t.extra!.endScreenshotRef as string))).toBe(true);
  });

  it("maps the recorded actions: box centres with the box kept, finish with its message", async () => {
    const all = trajectories(await parseFixture());
    const quark1 = byTask(all, "quark_1").steps;
    expect(quark1[0]!.action).toEqual({ type: "long_press", x: 121, y: 707, element: [3, 589, 239, 825] });
    expect(quark1[0]!.actionContract).toEqual({ format: "xyxy", unit: "px" });
    expect(quark1[1]!.action).toEqual({ type: "click", x: 494, y: 1139, element: [454, 1098, 534, 1180] });
    expect(quark1[2]!.action).toEqual({ type: "finish", answer: "壁纸_3.jpg 281KB 32c52190aa2d4e6bafdd43e34fbfea82" });
    expect(quark1[2]!.actionContract).toBeNull();
    expect(byTask(all, "quark_2").steps[3]!.action).toEqual({ type: "click", x: 359.5, y: 233, element: [30, 203, 689, 263] });
    for (const t of all) {
      expect(t.invalidActionCount).toBe(0);
      expect(t.agentClaimedFinish).toBe(true);
      expect(t.steps.some((s) => s.isRepeated)).toBe(false);
    }
  });

  it("keeps the raw reply and splits the reasoning out of it", async () => {
    const step = byTask(trajectories(await parseFixture()), "quark_3").steps[2]!;
    expect(step.rawOutput).toContain('do(action="Tap", element=[108, 977, 610, 1050])');
    expect(step.thought).toBe(
      'The file details of 壁纸_3.jpg are displayed. I will close the dialog with "取消". #[108,977][610,1050]#',
    );
    expect(step.uiTreeRef).toBe(`logs/evaluation/${RUN}/quark_3_2024-10-16_14-33-26/xml/2.xml`);
    // The compressed text the agent was prompted with, beside the dump.
    expect(step.agentTreeRef).toBe(`logs/evaluation/${RUN}/quark_3_2024-10-16_14-33-26/xml/2_compressed_xml.txt`);
  });

  it("attaches the evaluator's verdicts: 2 of 3 complete, quark_3 by the rule, quark_1 by the answer judge", async () => {
    const all = trajectories(await parseFixture());
    expect(all.filter((t) => t.autoOutcome === true)).toHaveLength(2);
    expect(byTask(all, "quark_2").autoOutcome).toBe(false);
    const quark3 = byTask(all, "quark_3");
    expect(quark3.autoOutcome).toBe(true);
    expect(quark3.verdicts).toHaveLength(1);
    expect(quark3.verdicts[0]).toMatchObject({ kind: "rule", metric: "trace_success", valueBool: true });
    expect(byTask(all, "quark_1").verdicts[0]).toMatchObject({ kind: "mllm", metric: "trace_success", valueBool: true });
    expect(quark3.extra).toMatchObject({ metricType: "operation", rrr: 0.75, reasonableOperationRatio: 1 });
  });
});

describePublic("androidlab parser on the public fixture's logs/evaluation/<name> root", () => {
  const runDir = fixture("androidlab-run", "logs", "evaluation", RUN);

  it("reads the episodes relative to that root, without outputs and so without verdicts", async () => {
    const items = await collect(androidLabParser.parse({ root: runDir, file: null }));
    expect(rejections(items)).toEqual([]);
    expect(runs(items)).toMatchObject([{ name: RUN, meta: { outputsDir: null } }]);
    const all = trajectories(items);
    expect(all.map((t) => t.steps.length)).toEqual([3, 5, 4]);
    expect(all.every((t) => t.autoOutcome === null && t.verdicts.length === 0)).toBe(true);
    for (const step of all.flatMap((t) => t.steps)) {
      expect(step.imageRef!.startsWith("quark_")).toBe(true);
      expect(await exists(path.join(runDir, step.imageRef!))).toBe(true);
    }
  });
});

describe("androidlab parser on a generated run", () => {
  it("reads 3 episodes of 3, 5 and 4 steps, 2 of them judged complete, screenshots and trees in place", async () => {
    const root = path.join(await generatedFixtures(), "androidlab-run");
    const items = await collect(androidLabParser.parse({ root, file: null }));
    expect(rejections(items)).toEqual([]);
    expect(runs(items)).toMatchObject([{ name: ANDROIDLAB_RUN, meta: { total: [{ Total: 3, Complete_Correct: 2 }] } }]);
    const all = trajectories(items);
    expect(all.map((t) => [t.groupKey, t.steps.length, t.autoOutcome])).toEqual([
      ["quark_1", 3, true],
      ["quark_2", 5, false],
      ["quark_3", 4, true],
    ]);
    for (const step of all.flatMap((t) => t.steps)) {
      expect(await exists(path.join(root, step.imageRef!))).toBe(true);
      expect(await exists(path.join(root, step.uiTreeRef!))).toBe(true);
    }
  });

  it("keeps what a trace line holds beyond the fields it maps (the prompt, an adb query's command) as the step's extra", async () => {
    const root = path.join(await generatedFixtures(), "androidlab-run");
    const quark2 = trajectories(await collect(androidLabParser.parse({ root, file: null }))).find((t) => t.groupKey === "quark_2")!;
    expect(quark2.steps[0]!.extra).toMatchObject({ prompt: expect.stringMatching(/^You should use Quark/), command: { "adb shell dumpsys window | grep mCurrentFocus": expect.any(String) } });
    expect(quark2.steps[1]!.extra).toEqual({ prompt: "** XML **" });
  });
});
