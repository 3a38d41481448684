// Case 4 and the results part of case 9 of issue 14: results files named alike never
// overwrite each other (the model comes from the file's content or --model, never from its
// name), each file is an evaluation run whose accuracy by platform, app, group and UI type can
// be read back, and its own metrics block is checked against what was imported, every
// difference reported. Disagreements name the file and line. SQLite and PostgreSQL.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importJob, importProject } from "./import-support";
import { loadGroundingRunAccuracy } from "@/lib/runs/grounding-accuracy";
import { tempDir } from "../support/import-fixtures";
import { proSamples, writeScreenSpotProResults } from "../support/import-fixtures/screenspot-pro";

describe.each(PROVIDERS)("importing grounding results files (%s)", (provider) => {
  it("runA/results.json then runB/results.json: two models, two runs, both sets of predictions kept", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    await writeScreenSpotProResults(path.join(dir, "runA", "results.json"), { model: "Qwen2-VL-7B" });
    await writeScreenSpotProResults(path.join(dir, "runB", "results.json"), { answerSeed: 1 });
    const a = await importInto(db, projectId, path.join(dir, "runA", "results.json"));
    const b = await importInto(db, projectId, path.join(dir, "runB", "results.json"), { model: "Qwen2.5-VL-7B" });
    const n = proSamples().length;
    expect(a.created).toMatchObject({ predictions: n, runs: 1 });
    expect(b.created).toMatchObject({ predictions: n, runs: 1, samples: 0 });
    expect(b.updated).toBe(0);
    const byModel = await db.modelPrediction.groupBy({ by: ["model"], _count: { _all: true }, orderBy: { model: "asc" } });
    expect(byModel.map((g) => [g.model, g._count._all])).toEqual([["Qwen2-VL-7B", n], ["Qwen2.5-VL-7B", n]]);
    expect((await db.evaluationRun.findMany({ orderBy: { name: "asc" } })).map((r) => r.name)).toEqual(["Qwen2-VL-7B · results", "Qwen2.5-VL-7B · results"]);
  });

  it("a results file that names no model, imported without --model, is refused and imports nothing", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    await writeScreenSpotProResults(path.join(dir, "results.json"));
    const { report, job } = await importJob(db, projectId, path.join(dir, "results.json"));
    expect(report.rejected).toEqual([{ file: "results.json", line: null, reason: expect.stringMatching(/names no model/) }]);
    expect(job).toMatchObject({ status: "failed", error: expect.stringMatching(/^Nothing was imported: all 1 records were rejected/) });
    expect(await db.modelPrediction.count()).toBe(0);
  });

  it("checks the file's metrics block: none reported when it holds, each figure named when it does not", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    await writeScreenSpotProResults(path.join(dir, "good.json"), { model: "m1" });
    await writeScreenSpotProResults(path.join(dir, "off.json"), { model: "m2", metrics: "off-by-one" });
    expect((await importInto(db, projectId, path.join(dir, "good.json"))).metricDifferenceCount).toBe(0);
    const off = await importInto(db, projectId, path.join(dir, "off.json"));
    // The block claims one more correct answer for excel and overall than the answers hold.
    expect(off.metricDifferences).toEqual([
      { file: "off.json", run: "m2 · off", metric: 'leaderboard_detailed_style["app:excel"].num_correct_action', fileValue: expect.any(Number), importedValue: expect.any(Number) },
      { file: "off.json", run: "m2 · off", metric: "overall.num_correct_action", fileValue: expect.any(Number), importedValue: expect.any(Number) },
    ]);
    const overall = off.metricDifferences.find((d) => d.metric === "overall.num_correct_action")!;
    expect(overall.fileValue).toBe(overall.importedValue! + 1);
    const run = await db.evaluationRun.findFirstOrThrow({ where: { name: "m2 · off" } });
    expect((run.meta as { metricsCheck: { differenceCount: number } }).metricsCheck.differenceCount).toBe(off.metricDifferenceCount);
  });

  it("reads the run's accuracy back per platform, app, group and UI type, from the stored correctness", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    const details = await writeScreenSpotProResults(path.join(dir, "results.json"), { model: "m" });
    await importInto(db, projectId, path.join(dir, "results.json"));
    const run = await db.evaluationRun.findFirstOrThrow();
    const accuracy = (await loadGroundingRunAccuracy(db, projectId, run.id))!;
    const correct = (of: typeof details) => of.filter((d) => d.correctness === "correct").length;
    expect(accuracy).toMatchObject({ total: details.length, correct: correct(details), wrongFormat: details.filter((d) => d.correctness === "wrong_format").length });
    expect(accuracy.by.app.map((r) => [r.value, r.total, r.correct])).toEqual(
      ["blender", "excel"].map((app) => [app, details.filter((d) => d.application === app).length, correct(details.filter((d) => d.application === app))]),
    );
    expect(accuracy.by.platform.map((r) => r.value)).toEqual(["macos", "windows"]);
    expect(accuracy.by.group.map((r) => r.value)).toEqual(["Creative", "Office"]);
    expect(accuracy.by.uiType.map((r) => [r.value, r.total])).toEqual([["icon", details.length / 2], ["text", details.length / 2]]);
  });

  it("names the file and line of every label the recomputed correctness disagrees with", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    const file = path.join(dir, "results.json");
    await writeScreenSpotProResults(file, { model: "m" });
    const body = JSON.parse(readFileSync(file, "utf8")) as { details: { correctness: string }[] };
    const flipped = body.details.findIndex((d) => d.correctness === "correct");
    body.details[flipped]!.correctness = "wrong";
    writeFileSync(file, JSON.stringify(body));
    const report = await importInto(db, projectId, file);
    expect(report.disagreements).toEqual([{ file: "results.json", line: flipped + 1, sourceId: expect.any(String), model: "m", fileLabel: "wrong", computed: "correct" }]);
  });
});
