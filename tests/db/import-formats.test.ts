// Case 8 and 9 of issue 14: what an import finds and says. A folder of a format Verity does
// not read is never a quiet success, and the CLI exits non-zero when nothing was imported; a
// folder holding several formats imports each in one job, with a report per format; a zip
// upload reports only its own records; the progress counter counts what is read; fields a
// source has beyond the format's are kept. SQLite and PostgreSQL.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { readFileSync } from "node:fs";
import { buildZip } from "../unit/imports/sources/zip-fixtures";
import { describe, expect, it } from "vitest";
import { sayIn, type Said } from "@/lib/i18n/said";
import { translator } from "@/lib/i18n/translate";
import { freshDatabase, PROVIDERS } from "./databases";
import { importJob, importInto, importProject, generatedFixtures } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import { writeUiVenusExamples } from "../support/import-fixtures/ui-venus";
import { proSamples, writeScreenSpotProResults } from "../support/import-fixtures/screenspot-pro";

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";

/** A GUI-Odyssey-like root: screenshots and annotation JSON of a shape Verity does not read. */
async function unknownLayout(): Promise<string> {
  const root = await tempDir();
  mkdirSync(path.join(root, "screenshots"));
  mkdirSync(path.join(root, "annotations"));
  for (let i = 0; i < 3; i++) writeFileSync(path.join(root, "screenshots", `ep1_${i}.png`), await sharp({ create: { width: 40, height: 80, channels: 3, background: `#${i}0${i}0${i}0` } }).png().toBuffer());
  writeFileSync(path.join(root, "annotations", "ep1.json"), JSON.stringify({ episode_id: "ep1", steps: [{ screenshot: "ep1_0.png", action: "CLICK", info: [[500, 500]] }] }));
  return root;
}

async function zipOf(dir: string, files: string[]): Promise<string> {
  const out = path.join(await tempDir(), "upload.zip");
  writeFileSync(out, await buildZip(files.map((name) => ({ name, data: readFileSync(path.join(dir, name)) }))));
  return out;
}

describe.each(PROVIDERS)("what an import finds and says (%s)", (provider) => {
  it("a folder of an unknown format with images is a failed import that says why, not 'N unchanged'", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const { report, job } = await importJob(db, projectId, await unknownLayout());
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/^Nothing was imported: no records file of a known format was found, and none of its images completes a record waiting for its image/);
    expect(report.unchanged).toBe(0);
    expect(report.notes).toContainEqual({ file: "annotations/ep1.json", line: null, reason: "not a records file of a format Verity reads; not imported" });
  });

  it("an import whose every record is rejected fails", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    writeFileSync(path.join(dir, "r.jsonl"), jsonl([{ type: "sample", id: "a", image: null, image_size: [10, 10], instruction: "x", box: [20, 20, 30, 30] }]));
    const { job } = await importJob(db, projectId, path.join(dir, "r.jsonl"));
    expect(job).toMatchObject({ status: "failed", error: "Nothing was imported: all 1 records were rejected (see the report)." });
    // The import screen says the same failure in the reader's language, from the report.
    const failure = (job.report as { failure: Said }).failure;
    expect(sayIn(translator("zh-CN"), failure)).toBe("未导入任何内容：全部 1 条记录都被拒绝（见报告）。");
    expect(sayIn(translator("en"), failure)).toBe(job.error);
  });

  it("the CLI exits 1 when nothing was imported and 0 when something was", async () => {
    const { db, url } = await freshDatabase(provider);
    await db.project.create({ data: { slug: "cli", name: "cli", settings: {} } });
    const dataDir = await tempDir("verity-cli-data-");
    const cli = (target: string, ...flags: string[]) =>
      spawnSync("node", ["--conditions=react-server", "--import", "tsx", "bin/verity.ts", "import", target, "--project", "cli", ...flags], {
        env: { ...process.env, DATABASE_URL: url, VERITY_DATA_DIR: dataDir, CHECKPOINT_DISABLE: "1" },
        encoding: "utf8",
      });
    const failed = cli(await unknownLayout());
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/verity: Nothing was imported/);
    const results = path.join(await tempDir(), "results.json");
    await writeScreenSpotProResults(results);
    const refused = cli(results, "--contract", "xyxy:pixels");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/--contract must be one of xyxy:px/);
    const ok = cli(results, "--model", "cli-model");
    expect(ok.stderr).toMatch(/Imported grounding-results: created \d+ samples/);
    expect(ok.status).toBe(0);
    expect(await db.modelPrediction.count({ where: { model: "cli-model" } })).toBe(proSamples().length);
  }, 120_000);

  it("a folder holding three formats imports each in one job, with a report per format", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const { report, job } = await importJob(db, projectId, path.join(await generatedFixtures(), "ui-venus"), { model: "ui-venus-7b" });
    expect(job.status).toBe("succeeded");
    expect(report.parts.map((p) => [p.format, p.created.samples, p.created.predictions, p.created.trajectories])).toEqual([
      ["screenspot-pro", 2, 0, 0],
      ["grounding-results", 1, 1, 0],
      ["ui-venus-trace", 0, 0, 1],
    ]);
    expect(report.format).toBe("screenspot-pro, grounding-results, ui-venus-trace");
    expect(report.created).toMatchObject({ samples: 3, predictions: 1, trajectories: 1 });
  });

  it("a zip upload reports only what it holds, and the counter ends at its total", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    await writeScreenSpotProResults(path.join(dir, "results.json"), { model: "m" });
    const { report, job } = await importJob(db, projectId, await zipOf(dir, ["results.json"]));
    expect(report.rejected).toEqual([]);
    // Every record read once: the run line and one answer per detail (not samples + predictions).
    expect(job.total).toBe(proSamples().length + 1);
    expect(job.processed).toBe(job.total);
  });

  it("keeps the fields a source has beyond the format's: a sample's meta, a step's code", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    writeFileSync(path.join(dir, "r.jsonl"), jsonl([
      { type: "sample", id: "a", image: null, image_size: [100, 100], instruction: "x", box: [1, 1, 9, 9], meta: { annotator: "A3" }, extra: { split: "test" } },
      { type: "trajectory", id: "t", goal: "g", steps: [{ image: null, action: { type: "click", x: 3, y: 4 }, code: "pyautogui.click(3, 4)" }], episode: { seed: 42 } },
    ]));
    await importInto(db, projectId, path.join(dir, "r.jsonl"));
    expect((await db.groundingSample.findFirstOrThrow()).extra).toEqual({ meta: { annotator: "A3" }, split: "test" });
    expect((await db.trajectory.findFirstOrThrow()).extra).toEqual({ episode: { seed: 42 } });
    expect((await db.step.findFirstOrThrow()).extra).toEqual({ code: "pyautogui.click(3, 4)" });
  });
});

