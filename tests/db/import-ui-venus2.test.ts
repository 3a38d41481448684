// UI-Venus-2 run output and grounding test samples (inclusionAI/UI-Venus @ 81945ac,
// models/mobile/examples/ and models/grounding/test_cases/, generated in their real layouts)
// import through the import job on SQLite and PostgreSQL. The trajectory is compared with a
// parse of the generated file done here, independently of the importer: its steps, their
// actions in action_pos pixels, the goal and the agent's claim. Each run records the grid its
// file used, read from the screenshots; missing screenshots and images are named; importing
// again changes nothing.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ActionSchema } from "@/lib/domain/actions";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, rowCounts } from "./import-support";
import {
  VENUS2_GROUNDING_SAMPLES,
  VENUS2_PHONE_RUN,
  VENUS2_TABLET_RUN_999,
  venus2RunFiles,
  writeVenus2GroundingCases,
  writeVenus2Runs,
} from "../support/fixtures/ui-venus2-fixture";
import { writeTree } from "../support/fixtures/write-tree";
import { buildZip } from "../unit/imports/sources/zip-fixtures";

async function project(provider: (typeof PROVIDERS)[number]) {
  const { db } = await freshDatabase(provider);
  const created = await db.project.create({ data: { slug: "venus2", name: "Venus 2", settings: {} } });
  return { db, projectId: created.id };
}

const unchangedCounts = { samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 };

type Turn = { screenshot: string; action: string; parsed_action: { action_type: string | null; action_pos: number[][]; input: string; app_name?: string; duration: number } };
type Output = { task: string; model_name: string; turns: Turn[] };

// The runner's action types as a reviewer reads them; pixels straight from action_pos.
function expectedAction(turn: Turn): unknown {
  const p = turn.parsed_action;
  const at = (i: number) => ({ x: p.action_pos[i]![0], y: p.action_pos[i]![1] });
  switch (p.action_type) {
    case "CLK":
      return { type: "click", ...at(0) };
    case "LongPress":
      return { type: "long_press", ...at(0) };
    case "SWIPE":
      return { type: turn.action.startsWith("Drag(") ? "drag" : "scroll", from: at(0), to: at(1) };
    case "INPUT":
      return { type: "type", text: p.input };
    case "REOPEN":
      return { type: "open_app", name: p.app_name };
    case "CallUser":
      return { type: "call_user", text: p.input };
    case "SUCCESS":
      return { type: "finish", answer: p.input };
    default:
      throw new Error(`the fixture has no ${p.action_type}`);
  }
}

async function readOutput(root: string, folder: string): Promise<Output> {
  return JSON.parse(await readFile(path.join(root, folder, "example_output.json"), "utf8")) as Output;
}

describe.each(PROVIDERS)("importing UI-Venus-2 output on %s", (provider) => {
  it("two run folders: one run and one trajectory each, actions in action_pos pixels, the agent's claim, each run's grid; a re-import changes nothing", async () => {
    const { db, projectId } = await project(provider);
    const root = await writeVenus2Runs();
    const report = await importInto(db, projectId, root);
    expect(report.format).toBe("ui-venus-2-run");
    expect(report.rejectedCount).toBe(0);
    expect(report.imagesMissing).toBe(0);
    const stepTotal = VENUS2_PHONE_RUN.turns.length + VENUS2_TABLET_RUN_999.turns.length;
    expect(report.created).toMatchObject({ runs: 2, trajectories: 2, steps: stepTotal, media: stepTotal, verdicts: 0 });
    // The runner's input files are named as read by no format, not dropped silently.
    expect(report.notes.filter((n) => n.file.endsWith("example_input.json")).map((n) => n.file).sort()).toEqual(["models/mobile/examples/example_input.json", "tablet-run/example_input.json"]);

    for (const [folder, spec] of [["models/mobile/examples", VENUS2_PHONE_RUN], ["tablet-run", VENUS2_TABLET_RUN_999]] as const) {
      const output = await readOutput(root, folder);
      const t = await db.trajectory.findFirstOrThrow({ where: { projectId, goal: output.task }, include: { run: true, steps: { orderBy: { index: "asc" }, include: { media: true } } } });
      expect(t.stepCount).toBe(output.turns.length);
      expect(t.model).toBe(output.model_name);
      expect(t.agentClaimedFinish).toBe(output.turns.at(-1)!.parsed_action.action_type === "SUCCESS");
      // The agent's claim is not a verifier's outcome: nothing judged this run.
      expect(t.sourceOutcome).toBeNull();
      expect(await db.judgeVerdict.count({ where: { trajectoryId: t.id } })).toBe(0);
      expect(t.steps.map((s) => ActionSchema.parse(s.action))).toEqual(output.turns.map(expectedAction));
      expect(t.steps.map((s) => s.imageRef)).toEqual(output.turns.map((turn) => turn.screenshot));
      expect(t.steps.every((s) => s.media?.width === spec.size.width && s.media?.height === spec.size.height)).toBe(true);
      // The raw reply keeps the model's grid values.
      expect(t.steps[1]!.rawOutput).toContain(output.turns[1]!.action);
      const gridCheck = (t.run!.meta as Record<string, unknown>).gridCheck as Record<string, unknown>;
      expect(gridCheck).toMatchObject({ convention: spec.norm === 1000 ? "0-1000" : "0-999", withoutScreenshot: 0 });
    }
    expect(report.notes.some((n) => /UI-Venus-2 run \w+: the model's grid is \[0,1000\]/.test(n.reason))).toBe(true);
    expect(report.notes.some((n) => /UI-Venus-2-test run \w+: the model's grid is \[0,999\]/.test(n.reason))).toBe(true);

    const before = await rowCounts(db);
    const runsBefore = await db.evaluationRun.findMany({ orderBy: { name: "asc" } });
    const again = await importInto(db, projectId, root);
    expect(again.created).toEqual(unchangedCounts);
    expect(again.updated).toBe(0);
    expect(await rowCounts(db)).toEqual(before);
    expect(await db.evaluationRun.findMany({ orderBy: { name: "asc" } })).toEqual(runsBefore);
  });

  it("screenshots not in the upload are named, their steps kept as image_missing; the grid is read from the others", async () => {
    const { db, projectId } = await project(provider);
    const root = await writeTree(venus2RunFiles(VENUS2_PHONE_RUN, "", [2, 5]));
    const report = await importInto(db, projectId, path.join(root, "example_output.json"));
    expect(report.created).toMatchObject({ trajectories: 1, steps: 8, media: 6 });
    expect(report.imagesMissing).toBe(2);
    const reasons = report.notes.map((n) => n.reason);
    expect(reasons.filter((r) => /step_003\.png|step_006\.png/.test(r))).toHaveLength(2);
    const t = await db.trajectory.findFirstOrThrow({ where: { projectId }, include: { run: true, steps: { orderBy: { index: "asc" } } } });
    expect(t.steps.map((s) => s.imageMissing)).toEqual([false, false, true, false, false, true, false, false]);
    // The missing turns are a swipe and a click: their points are said unchecked.
    expect((t.run!.meta as Record<string, unknown>).gridCheck).toMatchObject({ convention: "0-1000", withoutScreenshot: 3 });
  });
});

describe.each(PROVIDERS)("importing a zipped UI-Venus-2 examples folder on %s", (provider) => {
  it("reads the screenshots from the archive, beside the JSON", async () => {
    const { db, projectId } = await project(provider);
    const files = venus2RunFiles(VENUS2_PHONE_RUN, "examples");
    const entries = await Promise.all(Object.entries(files).map(async ([name, data]) => ({ name, data: await data })));
    const zip = path.join(await mkdtemp(path.join(os.tmpdir(), "verity-venus2-zip-")), "examples.zip");
    await writeFile(zip, await buildZip(entries));
    const report = await importInto(db, projectId, zip);
    expect(report.format).toBe("ui-venus-2-run");
    expect(report.created).toMatchObject({ runs: 1, trajectories: 1, steps: 8, media: 8 });
    expect(report.imagesMissing).toBe(0);
    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId } });
    expect((run.meta as Record<string, unknown>).gridCheck).toMatchObject({ convention: "0-1000", checked: 6 });
  });
});

describe.each(PROVIDERS)("importing UI-Venus-2 grounding test cases on %s", (provider) => {
  it("test_cases/: ScreenSpot-Pro samples with their boxes in pixels, images from images/, the one without its image kept with its reference", async () => {
    const { db, projectId } = await project(provider);
    const root = await writeVenus2GroundingCases(1);
    const report = await importInto(db, projectId, path.join(root, "test_cases"));
    expect(report.format).toBe("screenspot-pro");
    expect(report.rejectedCount).toBe(0);
    expect(report.created).toMatchObject({ samples: 3, media: 2 });
    expect(report.imagesMissing).toBe(1);
    const samples = await db.groundingSample.findMany({ where: { projectId }, orderBy: { sourceId: "asc" } });
    const expected = [...VENUS2_GROUNDING_SAMPLES].sort((a, b) => (a.id < b.id ? -1 : 1));
    // The box is [x1, y1, x2, y2] in pixels of img_size, stored as it is.
    expect(samples.map((s) => [s.sourceDataset, s.sourceId, s.instruction, s.platform, s.app, s.uiType, [s.boxX1, s.boxY1, s.boxX2, s.boxY2], s.imageRef])).toEqual(
      expected.map((e) => ["screenspot-pro", e.id, e.instruction, e.platform, e.application, e.ui_type, e.bbox, e.img_filename]),
    );
    // The sample whose image is not in the upload keeps its reference and waits for it.
    expect(samples.filter((s) => s.imageMissing).map((s) => s.imageRef)).toEqual([VENUS2_GROUNDING_SAMPLES[1]!.img_filename]);

    const before = await rowCounts(db);
    const again = await importInto(db, projectId, path.join(root, "test_cases"));
    expect(again.created).toEqual(unchangedCounts);
    expect(again.updated).toBe(0);
    expect(await rowCounts(db)).toEqual(before);
  });
});
