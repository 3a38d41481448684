// Bad input never crashes an import or loses the good records around it; an interrupted
// import is completed by running it again; images that arrive later complete their records.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, rowCounts } from "./import-support";
import { buildZip, renameEntry, setDeclaredSize } from "../unit/imports/sources/zip-fixtures";
import { prepareInput } from "@/lib/imports/import-input";
import { runImport, ImportStopped } from "@/lib/imports/write/run-import";
import { createLocalMediaStore } from "@/lib/media/local-store";

const png = (width: number, height: number, color = "#2255aa") =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

function tempDir(prefix: string) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

function jsonl(lines: (object | string)[]) {
  return lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n";
}

const sample = (id: string, image: string | null, box: number[] | null, extra: object = {}) => ({
  type: "sample", id, dataset: "robust", image, instruction: `instruction ${id}`, box, ...extra,
});

describe.each(PROVIDERS)("import robustness on %s", (provider) => {
  async function project() {
    const { db } = await freshDatabase(provider);
    const p = await db.project.create({ data: { slug: "robust", name: "Robust", settings: {} } });
    return { db, projectId: p.id };
  }

  it("rejects bad lines one by one with file, line and reason, and imports the rest", async () => {
    const { db, projectId } = await project();
    const dir = tempDir("verity-bad-");
    writeFileSync(path.join(dir, "ok.png"), await png(200, 100));
    writeFileSync(path.join(dir, "evil.png"), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    writeFileSync(
      path.join(dir, "records.jsonl"),
      jsonl([
        sample("good-1", "ok.png", [10, 10, 50, 40]),
        '{"type": "sample", "id": "truncated", "image": "ok.png", "instruction": "x", "bo',
        { ...sample("wrong-type", "ok.png", [10, 10, 50, 40]), instruction: 42 },
        sample("outside", "ok.png", [150, 50, 260, 90]),
        sample("svg", "evil.png", [1, 1, 5, 5]),
        { ...sample("polluter", "ok.png", [10, 10, 20, 20]), __proto__: { isAdmin: true }, constructor: { prototype: { polluted: true } } },
        sample("refusal", "ok.png", null),
        sample("missing-image", "not-there.png", [1, 1, 2, 2]),
      ]),
    );
    const report = await importInto(db, projectId, path.join(dir, "records.jsonl"));
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.line, `${r.file}: ${r.reason}`]));
    expect(reasons[2]).toMatch(/^records\.jsonl: not valid JSON/);
    expect(reasons[3]).toMatch(/instruction/);
    expect(reasons[4]).toMatch(/lies outside the 200x100 image/);
    expect(reasons[5]).toMatch(/evil\.png: not a PNG, JPEG or WebP image/);
    expect(report.rejectedCount).toBe(4);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const stored = await db.groundingSample.findMany({ orderBy: { sourceId: "asc" } });
    expect(stored.map((s) => [s.sourceId, s.imageMissing, s.targetAbsent])).toEqual([
      ["good-1", false, false],
      ["missing-image", true, false],
      ["polluter", false, false],
      ["refusal", false, true],
    ]);
    expect(stored[0]).toMatchObject({ boxX1: 10, boxY1: 10, boxX2: 50, boxY2: 40 });
  });

  it("completes records imported without their images when the images are imported alone", async () => {
    const { db, projectId } = await project();
    const records = tempDir("verity-late-");
    writeFileSync(path.join(records, "records.jsonl"), jsonl([sample("a", "shots/a.png", [1, 1, 9, 9]), sample("b", "shots/b.png", [2, 2, 8, 8])]));
    const first = await importInto(db, projectId, path.join(records, "records.jsonl"));
    expect(first.imagesMissing).toBe(2);

    const images = tempDir("verity-images-");
    mkdirSync(path.join(images, "shots"));
    writeFileSync(path.join(images, "shots/a.png"), await png(64, 64, "#aa0000"));
    writeFileSync(path.join(images, "shots/b.png"), await png(64, 64, "#00aa00"));
    const completion = await importInto(db, projectId, images);
    expect(completion.format).toBe("images");
    expect(completion.created.media).toBe(2);
    const stored = await db.groundingSample.findMany({ orderBy: { sourceId: "asc" }, include: { media: true } });
    expect(stored.map((s) => [s.sourceId, s.imageMissing, s.media?.width])).toEqual([["a", false, 64], ["b", false, 64]]);
  });

  it("an import stopped after its first batch is completed by a re-run, with the rows of an uninterrupted one", async () => {
    const dir = tempDir("verity-resume-");
    writeFileSync(path.join(dir, "big.jsonl"), jsonl(Array.from({ length: 1_234 }, (_, i) => sample(`s${i}`, null, [i, i, i + 10, i + 10]))));
    const store = createLocalMediaStore(tempDir("verity-resume-media-"));

    const interrupted = await project();
    const prepared = await prepareInput(path.join(dir, "big.jsonl"), tempDir("verity-scratch-"));
    await expect(
      runImport({ db: interrupted.db, store, projectId: interrupted.projectId, units: prepared.units, filesFor: prepared.filesFor, shouldStop: () => true }),
    ).rejects.toBeInstanceOf(ImportStopped);
    const partial = await interrupted.db.groundingSample.count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(1_234);
    const resumed = await importInto(interrupted.db, interrupted.projectId, path.join(dir, "big.jsonl"));
    expect(resumed.created.samples).toBe(1_234 - partial);
    expect(resumed.unchanged).toBe(partial);

    const straight = await project();
    await importInto(straight.db, straight.projectId, path.join(dir, "big.jsonl"));
    const rows = async (db: typeof straight.db) =>
      (await db.groundingSample.findMany({ orderBy: { sourceId: "asc" } })).map((s) => [s.sourceId, s.boxX1, s.boxY2, s.contentHash]);
    expect(await rows(interrupted.db)).toEqual(await rows(straight.db));
    expect(await rowCounts(interrupted.db)).toEqual(await rowCounts(straight.db));
  });

  it("imports a zip, refusing zip-slip entries and an entry declaring 4 GB, and keeps the rest", async () => {
    const { db, projectId } = await project();
    let zip = await buildZip([
      { name: "records.jsonl", data: jsonl([sample("z1", "img/one.png", [1, 1, 30, 30])]) },
      { name: "img/one.png", data: await png(40, 40) },
      { name: "xx/evil.png", data: await png(10, 10) },
      { name: "bomb.png", data: Buffer.alloc(2048, 0) },
    ]);
    zip = renameEntry(zip, "xx/evil.png", "../evil.png");
    zip = setDeclaredSize(zip, "bomb.png", 4_000_000_000);
    const dir = tempDir("verity-zip-");
    writeFileSync(path.join(dir, "upload.zip"), zip);
    const report = await importInto(db, projectId, path.join(dir, "upload.zip"));
    expect(report.created.samples).toBe(1);
    const refused = report.rejected.map((r) => `${r.file}: ${r.reason}`).join("\n");
    expect(refused).toMatch(/\.\.\/evil\.png: .*\.\./);
    expect(refused).toMatch(/bomb\.png: declares 3\.7 GiB uncompressed, over the 256 MiB per-file limit/);
    expect(await db.media.count()).toBe(1);
  });
});
