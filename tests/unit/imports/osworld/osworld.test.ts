// The OSWorld parser on a generated results tree in the real layout (tests/support/fixtures/
// osworld-fixture.ts). Layout facts re-checked here come from xlang-ai/OSWorld (read in the
// fork pkueecszc/OSWorld @ eac51b51d3e6fcf4e05706059c058421b34ccedd, which carries upstream's
// files unchanged): run.py L178-185 builds <result_dir>/<action_space>/<observation_type>/
// <model>/<domain>/<example_id>; lib_run_single.py L21-43 executes each action, then saves
// `step_{step_idx + 1}_{action_timestamp}.png` (one-second timestamps, L23) of the observation
// returned AFTER it and appends the traj.jsonl line naming it, with one step_num for all the
// actions of one predict call; L48-52 writes result.txt; run.py L204-210 appends {"Error": ...}
// when an example raises. desktop_env/desktop_env.py L219-237: WAIT/FAIL/DONE in both action
// spaces, computer_13 dicts to the controller, pyautogui code run as Python;
// desktop_env/controllers/python.py L147 reads computer_13 parameters nested or flat and
// L239-253 runs SCROLL as hscroll(dx) then vscroll(dy).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { osworldParser } from "@/lib/imports/formats/osworld/osworld";
import { detectParser } from "@/lib/imports/formats/registry";
import type { ParsedItem, TrajectoryRecord } from "@/lib/imports/records";
import { OSWORLD_IDS, writeOsworldFixture } from "../../../support/fixtures/osworld-fixture";
import { UITARS_MODEL, writeUitarsOsworldFixture } from "../../../support/fixtures/osworld-uitars-fixture";
import { collect, exists, rejections, removeTree, runs, trajectories } from "../trajectories/helpers";

let root: string;
let items: ParsedItem[];
const byTask = (taskId: string): TrajectoryRecord => trajectories(items).find((t) => (t.extra as { taskId: string }).taskId === taskId)!;

beforeAll(async () => {
  root = await writeOsworldFixture();
  items = await collect(osworldParser.parse({ root, file: null }));
});
afterAll(() => removeTree(root));

describe("OSWorld results tree", () => {
  it("is detected as OSWorld, from the results root and from one model folder", async () => {
    expect((await detectParser({ root, file: null }))?.id).toBe("osworld");
    expect((await detectParser({ root: path.join(root, "results/pyautogui/screenshot/test-model"), file: null }))?.id).toBe("osworld");
  });

  it("yields one evaluation run per action space / observation / model with OSWorld's success rate", () => {
    expect(runs(items).map((r) => [r.name, r.model, r.meta])).toEqual([
      ["osworld/computer_13/screenshot/test-model", "test-model", { actionSpace: "computer_13", observationType: "screenshot", examples: 2, scored: 2, unfinished: 0, unreadableResults: 0, successRate: 0.75 }],
      ["osworld/pyautogui/screenshot/test-model", "test-model", { actionSpace: "pyautogui", observationType: "screenshot", examples: 3, scored: 2, unfinished: 1, unreadableResults: 0, successRate: 0.5 }],
    ]);
    expect(rejections(items)).toEqual([]);
  });

  it("takes the instruction from the task config and result.txt as the rule verdict", () => {
    const search = byTask(OSWORLD_IDS.search);
    expect(search).toMatchObject({
      sourceDataset: "osworld",
      sourceId: `pyautogui/screenshot/test-model/chrome/${OSWORLD_IDS.search}`,
      goal: "Open example.org in the browser and scroll to the bottom of the page.",
      app: "chrome",
      model: "test-model",
      runName: "osworld/pyautogui/screenshot/test-model",
      groupKey: `chrome/${OSWORLD_IDS.search}`,
      autoOutcome: true,
      agentClaimedFinish: true,
      sourceReward: 1,
    });
    expect(search.verdicts).toEqual([expect.objectContaining({ kind: "rule", judgeName: "osworld/evaluator", metric: "trace_success", valueBool: true, rawOutput: "1.0\n" })]);
    expect(byTask(OSWORLD_IDS.partial)).toMatchObject({ autoOutcome: null, sourceReward: 0.5 });
    expect(byTask(OSWORLD_IDS.partial).verdicts[0]!.rationale).toMatch(/partial credit/);
  });

  it("shows each action on the screenshot saved after the previous one; the first has none, the last is the end state", async () => {
    const search = byTask(OSWORLD_IDS.search);
    const dir = `results/pyautogui/screenshot/test-model/chrome/${OSWORLD_IDS.search}`;
    expect(search.steps.map((s) => s.imageRef)).toEqual([
      null,
      `${dir}/step_1_20240501@100001.png`,
      `${dir}/step_1_20240501@100001.png`,
      `${dir}/step_2_20240501@100009.png`,
      `${dir}/step_3_20240501@100015.png`,
    ]);
    expect(search.steps[0]!.note).toMatch(/no screenshot before the first action/);
    expect((search.extra as { endScreenshotRef: string }).endScreenshotRef).toBe(`${dir}/step_4_20240501@100021.png`);
    for (const step of search.steps.slice(1)) expect(await exists(path.join(root, step.imageRef!))).toBe(true);
  });

  it("maps pyautogui code: moveTo then click, several calls in one line, a scroll from the pointer, DONE", () => {
    const search = byTask(OSWORLD_IDS.search);
    expect(search.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 960, y: 540 },
      { type: "hotkey", keys: ["ctrl", "l"] },
      { type: "type", text: "example.org\n" },
      { type: "scroll", direction: "down", amount: 5, from: { x: 960, y: 540 } },
      { type: "finish" },
    ]);
    expect(search.steps[1]!.note).toMatch(/action 1 of 2 in traj.jsonl line 2/);
    expect(search.steps[1]!.rawOutput).toBe("pyautogui.hotkey('ctrl', 'l')\npyautogui.typewrite('example.org\\n', interval=0.05)");
    expect(search.steps[0]!.thought).toMatch(/^I will click the address bar/);
  });

  it("keeps right clicks, drags from the pointer, the same-second overwrite, unreadable code raw, WAIT and FAIL", () => {
    const messy = byTask(OSWORLD_IDS.messy);
    expect(messy.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 300, y: 200, button: "right" },
      { type: "drag", from: { x: 100, y: 100 }, to: { x: 500, y: 400 } },
      { type: "double_click", x: 700, y: 300 },
      { type: "enter" },
      null,
      { type: "wait" },
      { type: "finish", isInfeasible: true },
    ]);
    // Lines 3 and 4 wrote the same file: it holds the screen after line 4, so line 4's step
    // (which was performed on the screen after line 3) has none; line 5's is right.
    expect(messy.steps[3]!.imageRef).toBeNull();
    expect(messy.steps[3]!.note).toMatch(/written again in the same second/);
    expect(messy.steps[3]!.note).toMatch(/same call as traj.jsonl line 3/);
    expect(messy.steps[4]!.imageRef).toMatch(/step_3_20240501@110013\.png$/);
    expect(messy.steps[4]!.note).toMatch(/imports subprocess; only pyautogui, pyperclip.copy and time calls are read/);
    expect(messy.steps[4]!.rawOutput).toContain("subprocess.run");
    expect(messy).toMatchObject({ autoOutcome: false, agentClaimedFinish: false, invalidActionCount: 0 });
    expect(messy.extra).toMatchObject({ evaluatorFunc: "infeasible", unmappedLines: 1 });
  });

  it("maps computer_13 dicts, clicking where MOVE_TO left the pointer, and reports half gestures", () => {
    const terminal = byTask(OSWORLD_IDS.terminal);
    expect(terminal.steps.map((s) => s.action)).toEqual([
      { type: "hover", x: 200, y: 300 },
      { type: "click", x: 200, y: 300 },
      { type: "type", text: "ls -la" },
      { type: "enter" },
      { type: "scroll", direction: "down", amount: 3, from: { x: 200, y: 300 } },
      null,
      { type: "finish" },
    ]);
    expect(terminal.steps[5]!.note).toMatch(/MOUSE_DOWN is half of a click or drag/);
    expect(terminal.goal).toMatch(/no instruction: its task config is not in the import/);
    expect(terminal.extra).toMatchObject({ instructionExpectedAt: `evaluation_examples/examples/os/${OSWORLD_IDS.terminal}.json` });
  });

  it("an example that timed out has no verdict and says so on its last step", () => {
    const timeout = byTask(OSWORLD_IDS.timeout);
    expect(timeout).toMatchObject({ autoOutcome: null, verdicts: [], sourceReward: null });
    expect(timeout.extra).toMatchObject({ finished: false, runErrors: [`Time limit exceeded in os/${OSWORLD_IDS.timeout}`] });
    expect(timeout.steps.at(-1)!.note).toMatch(/Time limit exceeded/);
  });

  it("reads the levels from the folder names when one model folder is imported", async () => {
    const modelRoot = path.join(root, "results/pyautogui/screenshot/test-model");
    const fromModel = trajectories(await collect(osworldParser.parse({ root: modelRoot, file: null })));
    expect(fromModel.map((t) => [t.model, t.app])).toEqual([
      ["test-model", "chrome"],
      ["test-model", "chrome"],
      ["test-model", "os"],
    ]);
  });
});

// A UI-TARS run in the real layout (tests/support/fixtures/osworld-uitars-fixture.ts): every
// step of the adapter's code has an action type; the copy nothing pastes is named, not guessed.
describe("a UI-TARS OSWorld run", () => {
  let uitarsRoot: string;
  let run: TrajectoryRecord;
  beforeAll(async () => {
    uitarsRoot = await writeUitarsOsworldFixture();
    run = trajectories(await collect(osworldParser.parse({ root: uitarsRoot, file: null })))[0]!;
  });
  afterAll(() => removeTree(uitarsRoot));

  it("types by pasting, presses Enter after a submitted text and space for hotkey(' '), the code kept raw", () => {
    expect(run.model).toBe(UITARS_MODEL);
    expect(run.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 960, y: 100.44 },
      { type: "type", text: "example.org" },
      { type: "enter" },
      { type: "hotkey", keys: ["ctrl", "a"] },
      { type: "type", text: "\"it's here\"" },
      { type: "hotkey", keys: ["space"] },
      null,
      { type: "finish" },
    ]);
    expect(run.steps[1]!.rawOutput).toContain("pyperclip.copy('example.org')\npyautogui.hotkey('ctrl', 'v')");
    expect(run.steps[1]!.note).toMatch(/action 1 of 2 in traj.jsonl line 2.*typed by pasting: pyperclip.copy, then ctrl\+v/);
    expect(run.steps[4]!.rawOutput).toContain("pyperclip.copy('\"it\\'s here\"')");
    expect(run.steps[1]!.thought).toMatch(/^Thought: Type the address/);
  });

  it("a step that only sets the clipboard has no action type and says why", () => {
    expect(run.steps[6]!.note).toMatch(/pyperclip.copy\("draft"\) sets the clipboard and nothing in this code pastes it/);
    expect(run.steps.filter((s) => s.action === null)).toHaveLength(1);
    expect(run.extra).toMatchObject({ unmappedLines: 1 });
  });
});
