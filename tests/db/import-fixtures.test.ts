// Every public fixture imports with nothing lost silently, on SQLite and PostgreSQL, and
// importing it again changes nothing. Skipped without ../shared/fixtures; the same layouts,
// generated, are imported in import-generated.test.ts.
import path from "node:path";
import { expect, it } from "vitest";
import { describePublic } from "../support/public-fixtures";
import { freshDatabase, PROVIDERS } from "./databases";
import { FIXTURES, importInto, rowCounts } from "./import-support";
import { judgePrediction } from "@/lib/domain/point-in-box";
import { ActionSchema } from "@/lib/domain/actions";

async function projectIn(provider: (typeof PROVIDERS)[number]) {
  const { db } = await freshDatabase(provider);
  const project = await db.project.create({ data: { slug: "imports", name: "Imports", settings: {} } });
  return { db, projectId: project.id };
}

describePublic.each(PROVIDERS)("importing the public fixtures on %s", (provider) => {
  it("ScreenSpot-Pro results: 60 predictions whose recomputed correctness matches all 50 labels, 10 wrong_format kept", async () => {
    const { db, projectId } = await projectIn(provider);
    const file = path.join(FIXTURES, "screenspot-pro-results/qwen2vl-sample.json");
    // The file names no model: the import names it, or the file is refused (import-results.test.ts).
    const report = await importInto(db, projectId, file, { model: "qwen2-vl" });
    expect(report.format).toBe("grounding-results");
    expect(report.rejectedCount).toBe(0);
    expect(report.disagreementCount).toBe(0);
    expect(report.created).toMatchObject({ samples: 60, predictions: 60 });

    const predictions = await db.modelPrediction.findMany({ include: { sample: true } });
    expect(predictions).toHaveLength(60);
    expect(predictions.filter((p) => p.kind === "wrong_format")).toHaveLength(10);
    for (const p of predictions.filter((p) => p.kind === "point")) {
      const s = p.sample;
      const computed = judgePrediction({ kind: "point", point: [p.x!, p.y!] }, s.targetAbsent ? null : [s.boxX1!, s.boxY1!, s.boxX2!, s.boxY2!]);
      expect(computed, `${s.sourceId}`).toBe(p.sourceCorrectness);
    }
    expect(await db.groundingSample.count({ where: { imageMissing: true } })).toBe(60);

    expect(report.notes.map((n) => n.reason)).toContain("the results file has no metrics block, so there is nothing to check the imported predictions against");

    const before = await rowCounts(db);
    const again = await importInto(db, projectId, file, { model: "qwen2-vl" });
    expect(again.created).toEqual({ samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 });
    expect(again.updated).toBe(0);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("UI-Venus grounding meta: the sample and its negative instruction as a refusal on the same screenshot", async () => {
    const { db, projectId } = await projectIn(provider);
    const report = await importInto(db, projectId, path.join(FIXTURES, "ui-venus/grounding_meta_format.json"));
    expect(report.created.samples).toBe(2);
    const samples = await db.groundingSample.findMany({ orderBy: { targetAbsent: "asc" } });
    expect(samples.map((s) => s.targetAbsent)).toEqual([false, true]);
    expect(samples[0]!.imageRef).toBe(samples[1]!.imageRef);
    expect(samples[0]!.boxX2).toBeGreaterThan(samples[0]!.boxX1!);
    expect(samples[1]!.boxX1).toBeNull();
  });

  it("AndroidLab run: one evaluation run, 3 episodes with steps, screenshots and UI trees, 2 of 3 complete", async () => {
    const { db, projectId } = await projectIn(provider);
    const report = await importInto(db, projectId, path.join(FIXTURES, "androidlab-run"));
    expect(report.format).toBe("androidlab");
    expect(report.rejectedCount).toBe(0);
    const runs = await db.evaluationRun.findMany({ include: { trajectories: { include: { steps: true } } } });
    expect(runs).toHaveLength(1);
    const episodes = runs[0]!.trajectories;
    expect(episodes).toHaveLength(3);
    expect(episodes.filter((t) => t.autoOutcome === true)).toHaveLength(2);
    const quark3 = episodes.find((t) => t.groupKey === "quark_3")!;
    expect(quark3.autoOutcome).toBe(true);
    for (const step of episodes.flatMap((t) => t.steps)) {
      expect(step.mediaId, `step ${step.index} of a trajectory`).not.toBeNull();
      if (step.action) ActionSchema.parse(step.action);
    }
    expect(episodes.flatMap((t) => t.steps).some((s) => s.uiTreeKey !== null)).toBe(true);

    const before = await rowCounts(db);
    await importInto(db, projectId, path.join(FIXTURES, "androidlab-run"));
    expect(await rowCounts(db)).toEqual(before);
  });

  it("WebVoyager: 3 trajectories with all their screenshots, element-number actions and answers as finish", async () => {
    const { db, projectId } = await projectIn(provider);
    const report = await importInto(db, projectId, path.join(FIXTURES, "webvoyager"));
    expect(report.format).toBe("webvoyager");
    const trajectories = await db.trajectory.findMany({ include: { steps: { orderBy: { index: "asc" } } } });
    expect(trajectories).toHaveLength(3);
    for (const t of trajectories) {
      expect(t.steps.length).toBe(t.stepCount);
      expect(t.steps.every((s) => s.mediaId !== null)).toBe(true);
      const last = ActionSchema.parse(t.steps.at(-1)!.action);
      expect(last.type).toBe("finish");
    }
    const clicks = trajectories.flatMap((t) => t.steps).map((s) => ActionSchema.parse(s.action)).filter((a) => a.type === "click");
    expect(clicks.length).toBeGreaterThan(0);
    for (const click of clicks) {
      expect(click.elementLabel).toMatch(/^\d+$/);
      expect("x" in click ? click.x : undefined).toBeUndefined();
    }
    const before = await rowCounts(db);
    await importInto(db, projectId, path.join(FIXTURES, "webvoyager"));
    expect(await rowCounts(db)).toEqual(before);
  });

  it("UI-Venus trace: one task over its 7 screenshots, with no actions invented", async () => {
    const { db, projectId } = await projectIn(provider);
    await importInto(db, projectId, path.join(FIXTURES, "ui-venus/trace"));
    const trajectory = await db.trajectory.findFirstOrThrow({ include: { steps: true } });
    expect(trajectory.steps).toHaveLength(7);
    expect(trajectory.steps.every((s) => s.action === null && s.mediaId !== null)).toBe(true);
  });
});
