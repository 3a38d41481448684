// The UI-Venus framework parser on runs generated in the framework's layout (pickles written
// by python3): both policies' actions in device pixels, the agent's claim, the end reason, the
// reflection supervisor's verdicts per step, the run's coordinate convention, and the bad
// pickles refused one by one while the other episodes are read.
import os from "node:os";
import path from "node:path";
import { mkdtemp } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { venusFrameworkParser } from "@/lib/imports/formats/venus-framework/venus-framework";
import { collect, rejections, removeTree, runs, tempTree, trajectories } from "./helpers";
import { VENUS_BAD, VENUS_EPISODES, venusSkipReason, writeVenusFrameworkRun } from "../../../support/import-fixtures/venus-framework";

if (venusSkipReason) console.warn(`skipping the UI-Venus framework parser tests: ${venusSkipReason}`);

describe.skipIf(venusSkipReason !== null)("UI-Venus framework episodes (trajectory.pkl.gz)", () => {
  let root = "";
  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(os.tmpdir(), "verity-venus-")), "traces");
    await writeVenusFrameworkRun(root, { withBad: true });
  });
  afterAll(() => removeTree(path.dirname(root)));

  const parse = async () => collect(venusFrameworkParser.parse({ root, file: null }));
  const byId = async (id: string) => trajectories(await parse()).find((t) => t.sourceId === id)!;

  it("claims a trace folder and a lone episode folder, not a folder without pickles", async () => {
    expect(await venusFrameworkParser.detect({ root, file: null })).toBe(true);
    expect(await venusFrameworkParser.detect({ root: path.join(root, VENUS_EPISODES.v15), file: null })).toBe(true);
    const other = await tempTree({ "a/screenshots/step_001.png": "x" });
    expect(await venusFrameworkParser.detect({ root: other, file: null })).toBe(false);
    await removeTree(other);
  });

  it("records one run per policy with the coordinate convention its code used", async () => {
    const found = runs(await parse());
    expect(found.map((r) => r.name).sort()).toEqual(["traces (ui_venus)", "traces (ui_venus_2)"]);
    for (const run of found) {
      expect(run.meta?.modelCoordinates).toMatchObject({ unit: "0-1000", promptRange: "[0, 999]" });
    }
    expect(found.find((r) => r.name === "traces (ui_venus_2)")!.meta?.modelCoordinates).toMatchObject({ toPixels: expect.stringContaining("refused") });
  });

  it("maps UI-Venus-1.5's executed actions in device pixels, keeps the raw reply and the agent's claim", async () => {
    const t = await byId(VENUS_EPISODES.v15);
    expect(t.model).toBe("ui_venus");
    expect(t.runName).toBe("traces (ui_venus)");
    expect(t.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 270, y: 360 },
      { type: "type", text: "wifi" },
      { type: "scroll", from: { x: 270, y: 960 }, to: { x: 270, y: 240 } },
      // Drag is a SWIPE too; the model's call tells it from a Scroll (venus-action-space.ts).
      { type: "drag", from: { x: 54, y: 600 }, to: { x: 486, y: 600 } },
      { type: "open_app", name: "Settings" },
      { type: "finish", answer: "done" },
    ]);
    expect(t.steps.every((s) => s.actionContract === null)).toBe(true);
    expect(t.steps[0]!.rawOutput).toContain("Click(box=(500,300))");
    expect(t.steps[0]!.imageRef).toBe(`${VENUS_EPISODES.v15}/screenshots/step_001.png`);
    expect(t.steps[0]!.observation).toContain("Open Settings and search wifi");
    expect(t.agentClaimedFinish).toBe(true);
    expect(t.autoOutcome).toBeNull();
    expect(t.terminationReason).toBe("success");
    expect(t.extra).toMatchObject({ isSuccessful: true, policy: "ui_venus" });
  });

  it("turns the supervisor's judgements into one step verdict each: accepted, exploratory, none", async () => {
    const t = await byId(VENUS_EPISODES.v15);
    const [first, second, third] = t.steps.map((s) => s.verdicts);
    expect(first).toEqual([expect.objectContaining({ kind: "mllm", judgeName: "ui-venus-reflection-supervisor", metric: "step_score", valueBool: true })]);
    expect(first![0]!.rationale).toBe("CORRECT: looks right (after 1 rejected proposal: INCORRECT)");
    expect(JSON.parse(first![0]!.rawOutput!)).toHaveLength(2);
    expect(second![0]).toMatchObject({ valueBool: true, rationale: "EXPLORATORY: might work" });
    expect(third).toEqual([]);
  });

  it("UI-Venus-2: a swipe, rejections until the retries ran out, a defaulted CORRECT, and CallUser", async () => {
    const t = await byId(VENUS_EPISODES.v2);
    expect(t.model).toBe("ui_venus_2");
    expect(t.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 180, y: 960 },
      { type: "scroll", from: { x: 360, y: 1152 }, to: { x: 360, y: 128 } },
      { type: "long_press", x: 216, y: 512 },
      { type: "wait", seconds: 1 },
      { type: "call_user", text: "Which district?" },
    ]);
    expect(t.steps[1]!.verdicts[0]).toMatchObject({ valueBool: true, rationale: "CORRECT: looks right (after 1 rejected proposal: INEFFECTIVE)" });
    // Rejections until the retries ran out judged proposals that never ran, not the step's action.
    expect(t.steps[2]!.verdicts).toEqual([]);
    expect(t.steps[2]!.note).toContain("no step verdict is imported");
    expect((t.steps[2]!.extra as { reflection: unknown[] }).reflection).toHaveLength(3);
    expect(t.steps[3]!.verdicts).toEqual([]);
    expect(t.steps[3]!.note).toContain("defaulted to CORRECT");
    expect(t.steps[0]!.observation).toContain("[image]");
    expect(t.agentClaimedFinish).toBe(false);
    expect(t.terminationReason).toBe("call_user");
    expect(t.extra).toMatchObject({ callUserContent: "Which district?" });
  });

  it("the other buttons map; an unnamed action and a missing one are invalid, GetScreenshot is not", async () => {
    const t = await byId(VENUS_EPISODES.failing);
    expect(t.steps.map((s) => s.action?.type ?? null)).toEqual(["double_click", "home", "enter", "recent", "back", null, null, "drag", null]);
    expect(t.steps[5]!.note).toContain("GetScreenshot");
    expect(t.steps[6]!.note).toContain("action_type is None");
    expect(t.steps[7]!.action).toEqual({ type: "drag", from: { x: 144, y: 768 }, to: { x: 576, y: 768 } });
    expect(t.steps[8]!.note).toContain("returned no action");
    expect(t.invalidActionCount).toBe(2);
    expect(t.terminationReason).toBe("policy_failed");
  });

  it("refuses a foreign class, a truncated pickle, a pickle bomb and a missing pickle, each by file, and reads the rest", async () => {
    const items = await parse();
    expect(trajectories(items).map((t) => t.sourceId).sort()).toEqual(Object.values(VENUS_EPISODES).sort());
    const reasons = new Map(rejections(items).map((r) => [r.location.file, r.reason]));
    expect(reasons.get(`${VENUS_BAD.foreignClass}/trajectory.pkl.gz`)).toContain("fractions.Fraction");
    expect(reasons.get(`${VENUS_BAD.truncated}/trajectory.pkl.gz`)).toMatch(/pickle refused: .*(end|truncated)/i);
    expect(reasons.get(`${VENUS_BAD.bomb}/trajectory.pkl.gz`)).toMatch(/pickle refused: /);
    expect(reasons.get(VENUS_BAD.unfinished)).toContain("no trajectory.pkl.gz");
    expect(reasons.size).toBe(4);
  });
});
