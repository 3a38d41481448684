// The WebVoyager parser on the three real result folders in ../shared/fixtures/webvoyager, and
// on a synthetic folder with the awkward cases (task list, failed replies, missing files).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webVoyagerParser } from "@/lib/imports/formats/trajectories/webvoyager";
import type { ParsedItem, TrajectoryRecord } from "@/lib/imports/records";
import { collect, exists, fixture, PNG, rejections, removeTree, tempTree, trajectories } from "./helpers";
import { describePublic } from "../../../support/public-fixtures";
import { generatedFixtures } from "../../../support/import-fixtures";

const root = fixture("webvoyager");

function bySource(all: TrajectoryRecord[], sourceId: string): TrajectoryRecord {
  const found = all.find((t) => t.sourceId === sourceId);
  if (!found) throw new Error(`no trajectory ${sourceId}`);
  return found;
}

describePublic("webvoyager parser on the public fixture folders", () => {
  let items: ParsedItem[];
  beforeAll(async () => {
    items = await collect(webVoyagerParser.parse({ root, file: null }));
  });

  it("yields three trajectories, one step per assistant message, and rejects nothing", () => {
    expect(rejections(items)).toEqual([]);
    expect(trajectories(items).map((t) => [t.sourceId, t.steps.length])).toEqual([
      ["taskAllrecipes--4", 6],
      ["taskArXiv--11", 7],
      ["taskGitHub--0", 5],
    ]);
  });

  it("shows step k the screenshot{k+1}.png that exists in the folder", async () => {
    for (const t of trajectories(items)) {
      for (const step of t.steps) {
        expect(step.imageRef).toBe(`${t.sourceId}/screenshot${step.index + 1}.png`);
        expect(await exists(path.join(root, step.imageRef!))).toBe(true);
        expect(step.note).toBeNull();
        expect(step.uiTreeRef).toBeNull();
      }
    }
  });

  it("takes goal, site and group from the first user message and the folder name", () => {
    const github = bySource(trajectories(items), "taskGitHub--0");
    expect(github).toMatchObject({
      sourceDataset: "webvoyager",
      benchmark: "webvoyager",
      goal: "Search for an open-source project related to 'climate change data visualization' on GitHub and report the project with the most stars.",
      app: "GitHub",
      groupKey: "GitHub--0",
      autoOutcome: null,
      extra: { taskId: "GitHub--0", web: "https://github.com/" },
    });
  });

  it("ends every trajectory with the agent's answer as a finish", () => {
    const all = trajectories(items);
    expect(all.map((t) => t.steps.at(-1)!.action)).toEqual([
      {
        type: "finish",
        answer: 'The "Baked Dijon Salmon" recipe meets the user\'s criteria, with a 4.6-star rating and a preparation time of 15 minutes.',
      },
      { type: "finish", answer: 'Line ("-----")' },
      { type: "finish", answer: "resource-watch/resource-watch with 63 stars" },
    ]);
    expect(all.every((t) => t.agentClaimedFinish && t.invalidActionCount === 0)).toBe(true);
  });

  it("keeps element numbers as labels, never as coordinates", () => {
    const steps = trajectories(items).flatMap((t) => t.steps);
    const clicks = steps.filter((s) => s.action?.type === "click");
    expect(clicks).toHaveLength(11); // 2 + 6 + 3 "Click [N]" replies
    for (const step of clicks) {
      expect(step.action).toEqual({ type: "click", elementLabel: expect.stringMatching(/^\d+$/) });
      expect(step.actionContract).toBeNull();
    }
    expect(bySource(trajectories(items), "taskArXiv--11").steps[5]!.action).toEqual({ type: "click", elementLabel: "34" });
    const allrecipes = bySource(trajectories(items), "taskAllrecipes--4").steps;
    expect(allrecipes[1]!.action).toEqual({ type: "type", text: "Baked Salmon", elementLabel: "2" });
    expect(allrecipes[2]!.action).toEqual({ type: "scroll", direction: "down" });
  });

  it("splits the thought from the action and keeps the whole reply", () => {
    const step = bySource(trajectories(items), "taskGitHub--0").steps[1]!;
    expect(step.thought).toBe(
      "The input element for searching is visible and labeled with [0]. This is where I can type the query for 'climate change data visualization' to find open-source projects on GitHub.",
    );
    expect(step.rawOutput).toMatch(/Action: Type \[0\]; climate change data visualization$/);
  });
});

describe("webvoyager parser on generated result folders", () => {
  let generated: string;
  let items: ParsedItem[];
  beforeAll(async () => {
    generated = path.join(await generatedFixtures(), "webvoyager");
    items = await collect(webVoyagerParser.parse({ root: generated, file: null }));
  });

  it("takes a step's clean screenshot_no_box as its screenshot and the labelled one as its overlay", async () => {
    const arxiv = bySource(trajectories(items), "taskArXiv--2");
    for (const step of arxiv.steps) {
      expect(step.imageRef).toBe(`taskArXiv--2/screenshot${step.index + 1}_no_box.png`);
      expect(step.overlayImageRef).toBe(`taskArXiv--2/screenshot${step.index + 1}.png`);
      expect(await exists(path.join(generated, step.imageRef!))).toBe(true);
    }
    const bbc = bySource(trajectories(items), "taskBBC News--5");
    expect(bbc.steps.map((s) => [s.imageRef, s.overlayImageRef ?? null])).toEqual([
      ["taskBBC News--5/screenshot1.png", null],
      ["taskBBC News--5/screenshot2.png", null],
      // After the malformed reply WebVoyager took no screenshot: the last one stands.
      ["taskBBC News--5/screenshot2.png", null],
      ["taskBBC News--5/screenshot4.png", null],
    ]);
  });

  it("keeps the element list of the user turn each reply answered as the step's observation", () => {
    const arxiv = bySource(trajectories(items), "taskArXiv--2");
    // run.py clipped the first of the four observations to "(Omitted in context.)".
    expect(arxiv.steps[0]!.observation).toBeNull();
    expect(arxiv.steps[1]!.observation).toBe('[1]: <a> "Login";\t[2]: <input> "Search...";\t[3]: <button> "Search"');
    expect(arxiv.steps[1]!.action).toEqual({ type: "type", text: "graph neural networks traffic forecasting", elementLabel: "2" });
    // The turn after a failed reply is the failure message, with no element list.
    expect(bySource(trajectories(items), "taskBBC News--5").steps[2]!.observation).toBeNull();
  });

  it("names the task folder in its references also when the folder itself is the import root", async () => {
    const single = await collect(webVoyagerParser.parse({ root: path.join(generated, "taskGoogle Map--7"), file: null }));
    expect(trajectories(single)[0]!.steps.map((s) => s.imageRef)).toEqual([1, 2, 3].map((n) => `taskGoogle Map--7/screenshot${n}.png`));
  });
});

const FOLDER = "taskCambridge Dictionary--29";
const QUESTION =
  "Go to the Plus section of Cambridge Dictionary, find Image quizzes and do an easy quiz about Animals and tell me your final score.";

const messages = [
  { role: "system", content: "Imagine you are a robot browsing the web..." },
  { role: "user", content: [{ type: "text", text: `Now given a task: ${QUESTION}  Please interact with https://dictionary.cambridge.org/ and get the answer. \nObservation: please analyze the attached screenshot and give the Thought and Action.` }, { type: "image_url", image_url: { url: "data:image/png;base64,{b64_img}" } }] },
  { role: "assistant", content: "Thought: Open the Plus menu.\n\nAction: Click [3]" },
  { role: "user", content: "Observation: A screenshot and some texts. (Omitted in context.)" },
  { role: "assistant", content: "I will scroll a little." },
  { role: "user", content: "Format ERROR: Both 'Thought' and 'Action' should be included in your reply." },
  { role: "assistant", content: "Thought: The quiz list is below.\nAction: Scroll [12]; up" },
  { role: "user" },
  { role: "user", content: "Observation: A screenshot and some texts. (Omitted in context.)" },
  { role: "assistant", content: "Thought: Wrong page.\nAction: GoBack" },
  { role: "user", content: "Observation: A screenshot and some texts. (Omitted in context.)" },
  { role: "assistant", content: "Thought: Try a search engine.\nAction: Google" },
  { role: "user", content: "Observation: ..." },
  { role: "assistant", content: "Thought: Loading.\nAction: Wait" },
  { role: "user", content: "Observation: ..." },
  { role: "assistant", content: "Thought: Hmm.\nAction: Fly [2]" },
  { role: "user", content: "Observation: ..." },
  { role: "assistant", content: "Thought: Done.\nAction: ANSWER; [42 points]" },
];

describe("webvoyager parser on awkward input", () => {
  let tmp: string;
  let items: ParsedItem[];
  beforeAll(async () => {
    tmp = await tempTree({
      "tasks_test.jsonl": [
        JSON.stringify({ web_name: "Cambridge Dictionary", id: "Cambridge Dictionary--29", ques: QUESTION, web: "https://dictionary.cambridge.org/" }),
        '{"web_name": "Broken", "id": ',
        JSON.stringify({ web_name: "NoQuestion", id: "NoQuestion--1" }),
      ].join("\n"),
      [`${FOLDER}/interact_messages.json`]: JSON.stringify(messages, null, 2),
      // Screenshots 1, 2 and 5..8 exist; 3 was never taken (failed reply); 4 is lost.
      ...Object.fromEntries([1, 2, 5, 6, 7, 8].map((n) => [`${FOLDER}/screenshot${n}.png`, PNG])),
      [`${FOLDER}/accessibility_tree2.txt`]: "[3] link 'Plus'",
      "taskBroken--1/interact_messages.json": '[{"role": "user", "content": "x"',
      "taskCrashed--2/screenshot1.png": PNG,
      "taskNoGoal--3/interact_messages.json": JSON.stringify([{ role: "assistant", content: "Thought: a\nAction: Wait" }]),
    });
    items = await collect(webVoyagerParser.parse({ root: tmp, file: null }));
  });
  afterAll(async () => {
    await removeTree(tmp);
  });

  it("takes goal and site from the task list, for a folder name with a space", () => {
    const [t] = trajectories(items);
    expect(t).toMatchObject({ sourceId: FOLDER, goal: QUESTION, app: "Cambridge Dictionary", groupKey: "Cambridge Dictionary--29" });
    expect(trajectories(items)).toHaveLength(1);
  });

  it("reports malformed task-list lines, messages, logs and folders", () => {
    const found = rejections(items).map((r) => [r.location.file, r.location.line]);
    expect(found).toEqual([
      ["tasks_test.jsonl", 2],
      ["tasks_test.jsonl", 3],
      ["taskBroken--1/interact_messages.json", null],
      [`${FOLDER}/interact_messages.json`, 8],
      ["taskCrashed--2", null],
      ["taskNoGoal--3/interact_messages.json", null],
    ]);
    const reasons = rejections(items).map((r) => r.reason);
    expect(reasons[1]).toMatch(/field "ques"/);
    expect(reasons[2]).toMatch(/not valid JSON/);
    expect(reasons[3]).toMatch(/field "content"/);
    expect(reasons[4]).toMatch(/no interact_messages\.json/);
    expect(reasons[5]).toMatch(/no goal/);
  });

  it("shows the last screenshot after a failed reply and notes missing ones", () => {
    const steps = trajectories(items)[0]!.steps;
    expect(steps.map((s) => s.imageRef)).toEqual([1, 2, 2, 4, 5, 6, 7, 8].map((n) => `${FOLDER}/screenshot${n}.png`));
    expect(steps[2]!.note).toMatch(/took no new screenshot/);
    expect(steps[3]!.note).toBe("screenshot4.png is missing");
    // The accessibility tree saved with a screenshot stays with the steps that saw it.
    expect(steps.map((s) => s.uiTreeRef)).toEqual([null, `${FOLDER}/accessibility_tree2.txt`, `${FOLDER}/accessibility_tree2.txt`, null, null, null, null, null]);
  });

  it("maps every action WebVoyager knows and notes the ones it cannot run", () => {
    const t = trajectories(items)[0]!;
    expect(t.steps.map((s) => s.action)).toEqual([
      { type: "click", elementLabel: "3" },
      null,
      { type: "scroll", direction: "up", elementLabel: "12" },
      { type: "back" },
      { type: "open_app", url: "https://www.google.com" },
      { type: "wait", seconds: 5 },
      null,
      { type: "finish", answer: "42 points" },
    ]);
    expect(t.steps[1]!.note).toMatch(/lacks "Thought:" or "Action:"/);
    expect(t.steps[6]!.note).toBe('unrecognised WebVoyager action "Fly [2]"');
    expect(t.invalidActionCount).toBe(2);
    expect(t.agentClaimedFinish).toBe(true);
  });
});
