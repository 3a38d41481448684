// The project's generated fixtures, one per source layout, import with nothing lost silently,
// on SQLite and PostgreSQL, and importing them again changes nothing: the same checks as
// import-fixtures.test.ts, on data that a clone without ../shared/fixtures has too.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { generatedFixtures, importInto, importProject, RESULTS_FILE, rowCounts } from "./import-support";
import { ActionSchema } from "@/lib/domain/actions";
import { judgePrediction } from "@/lib/domain/point-in-box";

describe.each(PROVIDERS)("importing the generated fixtures on %s", (provider) => {
  it("AndroidLab run: one evaluation run, 3 episodes of 12 steps with screenshots and UI trees, 2 of 3 complete; again: unchanged", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = path.join(await generatedFixtures(), "androidlab-run");
    const report = await importInto(db, projectId, root);
    expect(report).toMatchObject({ format: "androidlab", rejectedCount: 0, problem: null });
    const runs = await db.evaluationRun.findMany({ include: { trajectories: { include: { steps: true } } } });
    expect(runs).toHaveLength(1);
    const episodes = runs[0]!.trajectories;
    expect(episodes.map((t) => t.steps.length).sort()).toEqual([3, 4, 5]);
    expect(episodes.filter((t) => t.autoOutcome === true).map((t) => t.groupKey).sort()).toEqual(["quark_1", "quark_3"]);
    for (const step of episodes.flatMap((t) => t.steps)) {
      expect(step.mediaId).not.toBeNull();
      expect(step.uiTreeKey).not.toBeNull();
      // The compressed text beside each dump is the agent's view, stored apart from the dump.
      expect(step.agentTreeKey).not.toBeNull();
      expect(step.agentTreeKey).not.toBe(step.uiTreeKey);
      if (step.action) ActionSchema.parse(step.action);
    }
    const before = await rowCounts(db);
    const again = await importInto(db, projectId, root);
    expect(again).toMatchObject({ updated: 0, unchanged: 4, rejectedCount: 0 });
    expect(await rowCounts(db)).toEqual(before);
  });

  it("WebVoyager: the clean screenshot is the step's, the labelled one its overlay, the element list its observation", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = path.join(await generatedFixtures(), "webvoyager");
    const report = await importInto(db, projectId, root);
    expect(report).toMatchObject({ format: "webvoyager", rejectedCount: 0, created: { trajectories: 3, steps: 11 } });
    const arxiv = await db.trajectory.findFirstOrThrow({ where: { sourceId: "taskArXiv--2" }, include: { steps: { orderBy: { index: "asc" }, include: { media: true } } } });
    for (const step of arxiv.steps) {
      expect(step.imageRef).toBe(`taskArXiv--2/screenshot${step.index + 1}_no_box.png`);
      expect(step.overlayImageRef).toBe(`taskArXiv--2/screenshot${step.index + 1}.png`);
      expect(step.overlayMediaId).not.toBeNull();
      expect(step.overlayMediaId).not.toBe(step.mediaId);
    }
    expect(arxiv.steps[1]!.observation).toMatch(/^\[1\]: <a> "Login";\t\[2\]: <input> "Search\.\.\."/);
    expect(ActionSchema.parse(arxiv.steps[1]!.action)).toEqual({ type: "type", text: "graph neural networks traffic forecasting", elementLabel: "2" });
    const all = await db.step.findMany();
    expect(all.every((s) => s.mediaId !== null)).toBe(true);
    const before = await rowCounts(db);
    const again = await importInto(db, projectId, root);
    // The three trajectories and the run WebVoyager's episodes form, all as they were.
    expect(again).toMatchObject({ updated: 0, unchanged: 4 });
    expect(await rowCounts(db)).toEqual(before);
  });

  it("ScreenSpot-Pro results with --model: predictions whose recomputed correctness matches every label, in one evaluation run", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const file = path.join(await generatedFixtures(), RESULTS_FILE);
    const report = await importInto(db, projectId, file, { model: "qwen2-vl-7b" });
    expect(report).toMatchObject({ format: "grounding-results", rejectedCount: 0, disagreementCount: 0, metricDifferenceCount: 0, created: { samples: 12, predictions: 12, runs: 1, media: 6 } });
    const predictions = await db.modelPrediction.findMany({ include: { sample: true } });
    const run = await db.evaluationRun.findFirstOrThrow();
    expect(run).toMatchObject({ name: "qwen2-vl-7b · results", model: "qwen2-vl-7b", benchmark: "screenspot-pro" });
    expect(predictions.every((p) => p.runId === run.id && p.model === "qwen2-vl-7b")).toBe(true);
    for (const p of predictions.filter((p) => p.kind === "point")) {
      const s = p.sample;
      expect(judgePrediction({ kind: "point", point: [p.x!, p.y!] }, [s.boxX1!, s.boxY1!, s.boxX2!, s.boxY2!])).toBe(p.sourceCorrectness);
    }
    const before = await rowCounts(db);
    const again = await importInto(db, projectId, file, { model: "qwen2-vl-7b" });
    expect(again).toMatchObject({ updated: 0, created: { samples: 0, predictions: 0, runs: 0 } });
    expect(await rowCounts(db)).toEqual(before);
  });

  it("UI-Venus trace: one task over its screenshots, no actions invented", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    await importInto(db, projectId, path.join(await generatedFixtures(), "ui-venus", "trace"));
    const trajectory = await db.trajectory.findFirstOrThrow({ include: { steps: true } });
    expect(trajectory.steps.length).toBeGreaterThan(1);
    expect(trajectory.steps.every((s) => s.action === null && s.mediaId !== null)).toBe(true);
  });
});
