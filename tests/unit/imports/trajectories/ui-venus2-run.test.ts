// The UI-Venus-2 run parser on generated run files in the layout of inclusionAI/UI-Venus @
// 81945ac models/mobile/examples/ (example_output.json as mobile_example.py save_result writes
// it): every call the runner knows, mapped from parsed_action with action_pos as the pixels,
// the model's grid points kept beside them, Finished as the agent's claim.
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectParser } from "@/lib/imports/formats/registry";
import { uiVenus2RunParser } from "@/lib/imports/formats/trajectories/ui-venus2-run";
import { readModelCall } from "@/lib/imports/formats/venus-framework/venus-action-space";
import type { ParsedItem } from "@/lib/imports/records";
import { collect, rejections, removeTree, runs, tempTree, trajectories } from "./helpers";
import { VENUS2_PHONE_RUN, venus2OutputJson, type Venus2RunSpec } from "../../../support/fixtures/ui-venus2-fixture";

const EVERY_CALL: Venus2RunSpec = {
  task: "Try every action once.",
  model: "UI-Venus-2",
  size: { width: 1000, height: 2000 },
  norm: 1000,
  turns: [
    { think: "a", call: { name: "Click", point: [100, 200] } },
    { think: "b", call: { name: "DoubleClick", point: [300, 400] } },
    { think: "c", call: { name: "LongPress", point: [500, 600] } },
    { think: "d", call: { name: "Swipe", start: [500, 800], end: [500, 200] } },
    { think: "e", call: { name: "Drag", start: [100, 100], end: [900, 100] } },
    { think: "f", call: { name: "Type", content: "a (b) | c" } },
    { think: "g", call: { name: "LaunchApp", app: "酷狗音乐" } },
    { think: "h", call: { name: "Wait" } },
    { think: "i", call: { name: "CallUser", content: "Which account?" } },
    { think: "j", call: { name: "GetScreenshot" } },
    { think: "k", call: { name: "PressBack" } },
    { think: "l", call: { name: "PressHome" } },
    { think: "m", call: { name: "PressEnter" } },
    { think: "n", call: { name: "PressRecent" } },
    { think: "o", call: { name: "Answer", content: "42" } },
    { think: "p", call: { name: "Scroll", direction: "down" } },
    { think: "q", call: { name: "Finished", content: "done" } },
  ],
};

let root: string;
let items: ParsedItem[];

beforeAll(async () => {
  root = await tempTree({
    "every/example_output.json": venus2OutputJson(EVERY_CALL),
    "phone/example_output.json": venus2OutputJson(VENUS2_PHONE_RUN),
    "phone/example_input.json": JSON.stringify({ task: VENUS2_PHONE_RUN.task, screenshots: ["screenshots/step_001.png"] }),
  });
  items = await collect(uiVenus2RunParser.parse({ root, file: "every/example_output.json" }));
});
afterAll(() => removeTree(root));

describe("UI-Venus-2 run files", () => {
  it("are detected as a file, and the runner's input file is not", async () => {
    expect((await detectParser({ root, file: "phone/example_output.json" }))?.id).toBe("ui-venus-2-run");
    expect(await uiVenus2RunParser.detect({ root, file: "phone/example_input.json" })).toBe(false);
    expect(await uiVenus2RunParser.detect({ root: path.join(root, "phone"), file: null })).toBe(false);
  });

  it("yields one run, then one trajectory keyed by the file's content", async () => {
    expect(rejections(items)).toEqual([]);
    const [run] = runs(items);
    const [t] = trajectories(items);
    expect(run).toMatchObject({ benchmark: "ui-venus-2", model: "UI-Venus-2", meta: { kind: "ui-venus-2-run", file: "every/example_output.json", turns: 17 } });
    expect(t).toMatchObject({ sourceDataset: "ui-venus-2", goal: "Try every action once.", model: "UI-Venus-2", runName: run!.name, autoOutcome: null, verdicts: [] });
    expect(run!.name).toBe(`UI-Venus-2 run ${t!.sourceId}`);
    // The same bytes elsewhere: the same identity.
    await fs.mkdir(path.join(root, "copy"), { recursive: true });
    await fs.copyFile(path.join(root, "every/example_output.json"), path.join(root, "copy/out.json"));
    const again = trajectories(await collect(uiVenus2RunParser.parse({ root, file: "copy/out.json" })));
    expect(again[0]!.sourceId).toBe(t!.sourceId);
  });

  it("maps every call from parsed_action, with action_pos as the pixels", () => {
    const [t] = trajectories(items);
    expect(t!.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 100, y: 400 },
      { type: "double_click", x: 300, y: 800 },
      { type: "long_press", x: 500, y: 1200 },
      { type: "scroll", from: { x: 500, y: 1600 }, to: { x: 500, y: 400 } },
      { type: "drag", from: { x: 100, y: 200 }, to: { x: 900, y: 200 } },
      // What the runner types: its full-width parentheses and bar.
      { type: "type", text: "a （b） ｜ c" },
      { type: "open_app", name: "酷狗音乐" },
      { type: "wait", seconds: 1 },
      { type: "call_user", text: "Which account?" },
      null,
      { type: "back" },
      { type: "home" },
      { type: "enter" },
      { type: "recent" },
      { type: "call_user", text: "42" },
      null,
      { type: "finish", answer: "done" },
    ]);
    expect(t!.steps.map((s) => s.actionContract?.unit ?? null)).toEqual(["px", "px", "px", "px", "px", ...Array(12).fill(null)]);
  });

  it("counts only the unreadable call as invalid; GetScreenshot is noted, not invalid", () => {
    const [t] = trajectories(items);
    expect(t!.invalidActionCount).toBe(1);
    expect(t!.steps[9]!.note).toBe("GetScreenshot (save a screenshot to the album) has no canonical action; the raw action is kept");
    expect(t!.steps[15]!.note).toBe('the runner knows no action "Scroll" (action_type is None)');
  });

  it("keeps the model's grid points beside the runner's pixels, the raw reply and the thought", () => {
    const [t] = trajectories(items);
    expect(t!.steps[0]!.extra).toMatchObject({ turn: 1, action: "Click(point=(100, 200))", grid: [[100, 200]], actionPos: [[100, 400]] });
    expect(t!.steps[3]!.extra).toMatchObject({ grid: [[500, 800], [500, 200]], actionPos: [[500, 1600], [500, 400]] });
    expect(t!.steps[5]!.extra).not.toHaveProperty("grid");
    expect(t!.steps[0]!.rawOutput).toBe("<think>a</think>\n<action>Click(point=(100, 200))</action>");
    expect(t!.steps[0]!.thought).toBe("a");
    expect(t!.steps[0]!.imageRef).toBe("screenshots/step_001.png");
  });

  it("takes Finished as the agent's claim, and the same call twice in a row as a repeat", async () => {
    expect(trajectories(items)[0]!.agentClaimedFinish).toBe(true);
    const [phone] = trajectories(await collect(uiVenus2RunParser.parse({ root, file: "phone/example_output.json" })));
    expect(phone!.agentClaimedFinish).toBe(true);
    expect(phone!.steps.map((s) => s.isRepeated)).toEqual([false, false, false, false, false, false, true, false]);
  });
});

describe("UI-Venus-2 run files, broken", () => {
  it("rejects a turn that is not one by its position and keeps the others", async () => {
    const value = JSON.parse(venus2OutputJson(VENUS2_PHONE_RUN)) as { turns: Record<string, unknown>[] };
    delete value.turns[2]!.screenshot;
    value.turns[4]!.parsed_action = { action_type: "CLK", action_pos: [] };
    const dir = await tempTree({ "out.json": JSON.stringify(value) });
    const parsed = await collect(uiVenus2RunParser.parse({ root: dir, file: "out.json" }));
    expect(rejections(parsed).map((r) => [r.location, r.reason])).toEqual([[{ file: "out.json", line: 3 }, expect.stringMatching(/^turn 3: field "screenshot"/)]]);
    const [t] = trajectories(parsed);
    expect(t!.steps).toHaveLength(7);
    expect(t!.steps[3]!.action).toBeNull();
    expect(t!.steps[3]!.note).toBe("the model called LongPress, parsed_action says CLK; parsed_action is used; CLK needs one point in action_pos, got 0");
    expect(t!.invalidActionCount).toBe(1);
    await removeTree(dir);
  });

  it("rejects a file without task or turns as a whole", async () => {
    const dir = await tempTree({ "out.json": JSON.stringify({ task: "x", turns: [] }) });
    const parsed = await collect(uiVenus2RunParser.parse({ root: dir, file: "out.json" }));
    expect(parsed).toEqual([{ type: "rejected", location: { file: "out.json", line: null }, reason: expect.stringMatching(/^not a UI-Venus-2 run: field "turns"/) }]);
    await removeTree(dir);
  });
});

describe("readModelCall", () => {
  it("reads the call's name and its grid points in the runner's order", () => {
    expect(readModelCall("Click(point=(897, 937))")).toEqual({ name: "Click", points: [[897, 937]] });
    expect(readModelCall("Swipe(end=(1, 2), start=(3, 4))")).toEqual({ name: "Swipe", points: [[3, 4], [1, 2]] });
    expect(readModelCall("Click(box=[5.5, 6])")).toEqual({ name: "Click", points: [[5.5, 6]] });
    expect(readModelCall("Type(content='point=(1, 2)')")).toEqual({ name: "Type", points: [] });
    expect(readModelCall("no call here")).toBeNull();
    expect(readModelCall("")).toBeNull();
  });
});
