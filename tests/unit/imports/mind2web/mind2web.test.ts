// The Mind2Web parser on generated SeeClick test files and Multimodal-Mind2Web rows: each
// original operation mapped (SELECT as select(option)), the target box and every candidate
// box kept, SeeClick image coordinates told apart from page coordinates. Layout facts from
// njucckevin/SeeClick agent_tasks/mind2web_test.py @ 0ef37ac4d7aaf37ba7b990e3e3c3ca77e1fb8f93
// (L21-35 action2step: bbox {x, y, width, height} in image pixels, the click point is its
// centre; L96 mind2web_data_test_<split>.json; L110 images `<annotation_id>-<action_uid>.jpg`)
// and OSU-NLP-Group/SeeAct README.md @ 2434627b196b33d1b0668a418188dd2f348883bb L227-250
// (Multimodal-Mind2Web rows: screenshot path, serialized candidate attributes, target_action_index).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mind2webParser } from "@/lib/imports/formats/mind2web/mind2web";
import { targetBoxFromHtml } from "@/lib/imports/formats/mind2web/mind2web-elements";
import { detectParser } from "@/lib/imports/formats/registry";
import type { ParsedItem } from "@/lib/imports/records";
import { MULTIMODAL_TASK, PAGE_OFFSET_Y, SEECLICK_TASKS, writeMultimodalMind2WebFixture, writeSeeClickMind2WebFixture } from "../../../support/fixtures/mind2web-fixture";
import { jsonl } from "../../../support/fixtures/write-tree";
import { collect, exists, rejections, removeTree, tempTree, trajectories } from "../trajectories/helpers";

type StepExtra = { index: number; targetSpace: string | null; pageOffset?: { x: number; y: number }; pageSize: unknown; candidates: { id: string; tag: string; box: number[]; isPositive: boolean }[] };

let seeclick: string;
let multimodal: string;
let seeclickItems: ParsedItem[];
let multimodalItems: ParsedItem[];

beforeAll(async () => {
  seeclick = await writeSeeClickMind2WebFixture();
  multimodal = await writeMultimodalMind2WebFixture();
  seeclickItems = await collect(mind2webParser.parse({ root: seeclick, file: "mind2web_data_test_task.json" }));
  multimodalItems = await collect(mind2webParser.parse({ root: multimodal, file: "test_website.jsonl" }));
});
afterAll(async () => {
  await removeTree(seeclick);
  await removeTree(multimodal);
});

describe("SeeClick's processed Mind2Web test files", () => {
  it("are detected as Mind2Web", async () => {
    expect((await detectParser({ root: seeclick, file: "mind2web_data_test_task.json" }))?.id).toBe("mind2web");
    expect((await detectParser({ root: multimodal, file: "test_website.jsonl" }))?.id).toBe("mind2web");
  });

  it("map each original operation onto the target box, acting at its centre", () => {
    expect(rejections(seeclickItems)).toEqual([]);
    const [flights] = trajectories(seeclickItems);
    expect(flights).toMatchObject({ sourceDataset: "mind2web-seeclick", sourceId: SEECLICK_TASKS.flights, goal: "Find economy flights from New York", app: "aa", benchmark: "mind2web" });
    expect(flights!.extra).toMatchObject({ split: "test_task", domain: "Travel" });
    expect(flights!.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 250, y: 220, element: [100, 200, 400, 240] },
      { type: "type", text: "New York", element: [100, 260, 400, 300] },
      { type: "select", option: "Economy", x: 600, y: 280, element: [500, 260, 700, 300] },
      { type: "hover", x: 860, y: 75, element: [800, 60, 920, 90] },
      { type: "enter", element: [100, 260, 400, 300] },
    ]);
    expect(flights!.steps.every((s) => s.actionContract === null)).toBe(true);
  });

  it("look up each step's screenshot under SeeClick's name", async () => {
    const [flights] = trajectories(seeclickItems);
    expect(flights!.steps.map((s) => s.imageRef)).toEqual(["a1", "a2", "a3", "a4", "a5"].map((u) => `mind2web_images/${SEECLICK_TASKS.flights}-${u}.jpg`));
    for (const step of flights!.steps) expect(await exists(path.join(seeclick, step.imageRef!))).toBe(true);
  });

  it("tell SeeClick's image coordinates from the page coordinates of the candidates, recording the offset", () => {
    const [flights] = trajectories(seeclickItems);
    const extras = (flights!.extra as { steps: StepExtra[] }).steps;
    expect(extras[0]).toMatchObject({ targetSpace: "image", pageOffset: { x: 0, y: PAGE_OFFSET_Y } });
    expect(extras[0]!.candidates).toEqual([{ id: "a1-node", tag: "input", box: [100, 200 + PAGE_OFFSET_Y, 400, 240 + PAGE_OFFSET_Y], isPositive: true }]);
  });

  it("keep a step SeeClick has no box for, with the action it can still say and a note", () => {
    const pizza = trajectories(seeclickItems)[1]!;
    expect(pizza.steps[1]).toMatchObject({ action: { type: "type", text: "pepperoni" } });
    expect(pizza.steps[1]!.note).toMatch(/no box for the target element/);
  });
});

describe("Multimodal-Mind2Web rows", () => {
  it("group consecutive rows of one task into a trajectory in target_action_index order", () => {
    expect(rejections(multimodalItems)).toEqual([]);
    const [task] = trajectories(multimodalItems);
    expect(trajectories(multimodalItems)).toHaveLength(1);
    expect(task).toMatchObject({ sourceDataset: "mind2web", sourceId: MULTIMODAL_TASK, goal: "Book a room in Paris for 2 adults", app: "booking" });
    expect(task!.steps.map((s) => s.imageRef)).toEqual(["c1", "c2", "c3"].map((u) => `screenshots/${MULTIMODAL_TASK}_${u}.jpg`));
  });

  it("read page boxes from the candidates' attributes, and from raw_html when no positive candidate is left", () => {
    const [task] = trajectories(multimodalItems);
    expect(task!.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 660, y: 1220, element: [600, 1200, 720, 1240] },
      { type: "select", option: "2 adults", x: 700, y: 1320, element: [600, 1300, 800, 1340] },
      { type: "type", text: "Paris", element: [100, 1400, 400, 1440] },
    ]);
    expect(task!.steps[2]!.note).toMatch(/taken from its element in raw_html/);
    const extras = (task!.extra as { steps: StepExtra[] }).steps;
    expect(extras[0]).toMatchObject({ targetSpace: "page", pageSize: { width: 1280, height: 2000 } });
    expect(extras[0]!.candidates.map((c) => [c.id, c.tag, c.isPositive])).toEqual([["11", "button", true], ["1", "html", false], ["14", "a", false]]);
  });

  it("refuses a row of a task whose rows already ended, naming where", async () => {
    const row = (uid: string, annotation: string) => ({ annotation_id: annotation, confirmed_task: "t", action_uid: uid, operation: JSON.stringify({ op: "CLICK", original_op: "CLICK", value: "" }), pos_candidates: [], neg_candidates: [] });
    const root = await tempTree({ "rows.jsonl": jsonl([row("x1", "A"), row("y1", "B"), row("x2", "A")]) });
    const items = await collect(mind2webParser.parse({ root, file: "rows.jsonl" }));
    expect(trajectories(items).map((t) => t.sourceId)).toEqual(["A", "B"]);
    expect(rejections(items)).toEqual([{ type: "rejected", location: { file: "rows.jsonl", line: 3 }, reason: "a row of task A, whose rows ended at line 1: rows of one task must be consecutive" }]);
    await removeTree(root);
  });

  it("finds the labelled element's own box in raw_html", () => {
    expect(targetBoxFromHtml(`<div bounding_box_rect="0,0,10,10"><a data_pw_testid_buckeye="u1" bounding_box_rect="5,6,7,8">x</a></div>`, "u1")).toEqual([5, 6, 12, 14]);
    expect(targetBoxFromHtml(`<a data_pw_testid_buckeye="u2">x</a>`, "u1")).toBeNull();
  });
});
