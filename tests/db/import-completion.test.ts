// Case 1 and 7 of issue 14: records imported without their screenshots, completed later by
// importing the images alone. Every record gets its own screenshot, found by path (one path a
// tail of the other), never another folder's file of the same name; an image that could be
// several records' is refused and named. Completion applies the import's size rule, so
// records-then-images and records-with-images store the same box. SQLite and PostgreSQL.
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importJob, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import { writeWebVoyagerResults } from "../support/import-fixtures/webvoyager";
import { writeScreenSpotProImages, writeScreenSpotProMeta } from "../support/import-fixtures/screenspot-pro";

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
const png = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";

describe.each(PROVIDERS)("completing records from images imported later (%s)", (provider) => {
  it("WebVoyager chat logs first, then the screenshots with --format images: every step gets its own task's screenshot", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const logs = await tempDir();
    await writeWebVoyagerResults(logs, { withScreens: false });
    const first = await importInto(db, projectId, logs);
    expect(first.imagesMissing).toBe(11);

    const shots = await tempDir();
    await writeWebVoyagerResults(shots);
    const completion = await importInto(db, projectId, shots, { format: "images" });
    expect(completion).toMatchObject({ format: "images", rejectedCount: 0, problem: null });
    const steps = await db.step.findMany({ include: { media: true } });
    expect(steps.filter((s) => s.imageMissing)).toEqual([]);
    // Each step carries the bytes of the file its own reference names (the first step of
    // every task is a "screenshot1.png": by name alone they would all get one site's).
    for (const step of steps) expect(step.media!.sha256, step.imageRef!).toBe(sha(path.join(shots, step.imageRef!)));
    expect(new Set(steps.filter((s) => s.index === 0).map((s) => s.mediaId)).size).toBe(3);
    expect(completion.updated).toBe(11);
    // The report links to what the images completed, as the first import's did to what it wrote.
    expect(completion.landed).toEqual(first.landed);
    expect(completion.landed!.runs.length + completion.landed!.trajectoryBenchmarks.length).toBeGreaterThan(0);
  });

  it("a/shot.png and b/shot.png each complete their own record; one shot.png for both is refused and named", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const records = await tempDir();
    const sample = (id: string, image: string) => ({ type: "sample", id, image, instruction: `Tap ${id}`, box: [10, 10, 40, 30] });
    writeFileSync(path.join(records, "records.jsonl"), jsonl([sample("a", "a/shot.png"), sample("b", "b/shot.png")]));
    const written = await importInto(db, projectId, path.join(records, "records.jsonl"));

    const lone = await tempDir();
    writeFileSync(path.join(lone, "shot.png"), await png(100, 80, "#aa0000"));
    const refused = await importJob(db, projectId, lone);
    expect(refused.report.rejected).toEqual([
      { file: "shot.png", line: null, reason: expect.stringMatching(/^ambiguous: this one image would complete records waiting for different screenshots \((a\/shot\.png, b\/shot\.png|b\/shot\.png, a\/shot\.png)\)/) },
    ]);
    expect(refused.job.status).toBe("failed");
    expect(await db.groundingSample.count({ where: { imageMissing: true } })).toBe(2);

    const both = await tempDir();
    mkdirSync(path.join(both, "a"));
    mkdirSync(path.join(both, "b"));
    writeFileSync(path.join(both, "a/shot.png"), await png(100, 80, "#00aa00"));
    writeFileSync(path.join(both, "b/shot.png"), await png(100, 80, "#0000aa"));
    const done = await importInto(db, projectId, both);
    expect(done).toMatchObject({ updated: 2, rejectedCount: 0 });
    expect(done.landed!.sampleSources).toEqual(written.landed!.sampleSources);
    expect(done.landed!.sampleSources).toHaveLength(1);
    const stored = await db.groundingSample.findMany({ orderBy: { sourceId: "asc" }, include: { media: true } });
    expect(stored.map((s) => s.media?.sha256)).toEqual([sha(path.join(both, "a/shot.png")), sha(path.join(both, "b/shot.png"))]);
  });

  it("ScreenSpot-Pro per-app folders: a sample gets its own app's screenshot, never another app's of the same name", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const data = await tempDir();
    const samples = await writeScreenSpotProMeta(data, { withImages: false });
    await importInto(db, projectId, data);
    expect(await db.groundingSample.count({ where: { imageMissing: true } })).toBe(samples.length);

    // Only blender's screenshots, with the same file names as excel's.
    const images = await tempDir();
    await writeScreenSpotProImages(images, samples);
    const onlyBlender = await tempDir();
    cpSync(path.join(images, "blender_windows"), path.join(onlyBlender, "blender_windows"), { recursive: true });
    await importInto(db, projectId, onlyBlender);
    const afterBlender = await db.groundingSample.findMany({ include: { media: true } });
    for (const s of afterBlender) {
      if (s.app === "blender") expect(s.media!.sha256).toBe(sha(path.join(images, s.imageRef!)));
      else expect(s.imageMissing, `${s.sourceId} must not take blender's ${s.imageRef}`).toBe(true);
    }

    await importInto(db, projectId, images);
    const all = await db.groundingSample.findMany({ include: { media: true } });
    for (const s of all) expect(s.media?.sha256, s.sourceId).toBe(sha(path.join(images, s.imageRef!)));
  });

  it("screenshots of one WebVoyager task folder alone complete nothing: each name fits every task", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const logs = await tempDir();
    await writeWebVoyagerResults(logs, { withScreens: false });
    await importInto(db, projectId, logs);
    const shots = await tempDir();
    await writeWebVoyagerResults(shots);
    const { report, job } = await importJob(db, projectId, path.join(shots, "taskGoogle Map--7"), { format: "images" });
    expect(report.rejected.map((r) => r.reason)).toContainEqual(expect.stringMatching(/^ambiguous: .*taskArXiv--2\/screenshot1\.png/));
    expect(job.status).toBe("failed");
    expect(await db.step.count({ where: { imageMissing: false } })).toBe(0);
  });

  it("completing a sample applies the import's size rule: a resize rescales the box as an import with the image would, another aspect is refused", async () => {
    const line = (id: string, image: string) => ({ type: "sample", id, image, image_size: [1600, 1000], instruction: `Press ${id}`, box: [100, 100, 300, 200] });
    const dir = await tempDir();
    writeFileSync(path.join(dir, "records.jsonl"), jsonl([line("half", "half.png"), line("tall", "tall.png")]));
    const images = await tempDir();
    writeFileSync(path.join(images, "half.png"), await png(800, 500, "#123456"));
    writeFileSync(path.join(images, "tall.png"), await png(500, 800, "#654321"));

    // Order 1: records with their images.
    const together = await freshDatabase(provider);
    const p1 = await importProject(together.db);
    const withImages = await tempDir();
    cpSync(dir, withImages, { recursive: true });
    cpSync(images, withImages, { recursive: true });
    const r1 = await importInto(together.db, p1, path.join(withImages, "records.jsonl"));
    expect(r1.rejected).toEqual([{ file: "records.jsonl", line: 2, reason: expect.stringMatching(/500x800 .* 1600x1000, another aspect ratio/) }]);
    expect(r1.notes.map((n) => n.reason)).toContainEqual(expect.stringMatching(/800x500, the record says 1600x1000: coordinates rescaled by 0\.5/));
    const boxOf = (s: { boxX1: number | null; boxY1: number | null; boxX2: number | null; boxY2: number | null }) => [s.boxX1, s.boxY1, s.boxX2, s.boxY2];
    const half1 = await together.db.groundingSample.findFirstOrThrow({ where: { sourceId: "half" } });
    expect(boxOf(half1)).toEqual([50, 50, 150, 100]);

    // Order 2: records first, images later.
    const apart = await freshDatabase(provider);
    const p2 = await importProject(apart.db);
    await importInto(apart.db, p2, path.join(dir, "records.jsonl"));
    const r2 = await importInto(apart.db, p2, images);
    expect(r2.rejected).toEqual([{ file: "tall.png", line: null, reason: expect.stringMatching(/sample tall: the image is 500x800 but the record says it is 1600x1000, another aspect ratio.*keeps waiting/) }]);
    const half2 = await apart.db.groundingSample.findFirstOrThrow({ where: { sourceId: "half" } });
    expect(boxOf(half2)).toEqual(boxOf(half1));
    expect(await apart.db.groundingSample.findFirstOrThrow({ where: { sourceId: "tall" } })).toMatchObject({ imageMissing: true, mediaId: null });
  });
});
