// `--images DIR` (and the job's `images` parameter): the records in one folder, their
// screenshots in another. The images are looked up in the images folder, not beside the
// records, and a reference that is in neither is reported missing.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import { createLocalMediaStore } from "@/lib/media/local-store";

describe.each(PROVIDERS)("an import with its images in a separate folder (%s)", (provider) => {
  it("finds each record's screenshot in the images folder", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "images", name: "Images", settings: {} } });
    const records = mkdtempSync(path.join(os.tmpdir(), "verity-records-"));
    const images = mkdtempSync(path.join(os.tmpdir(), "verity-images-"));
    writeFileSync(path.join(images, "shot.png"), await sharp({ create: { width: 120, height: 80, channels: 3, background: "#335577" } }).png().toBuffer());
    const line = (id: string, image: string) => JSON.stringify({ type: "sample", id, dataset: "apart", image, instruction: `Tap ${id}`, box: [10, 10, 40, 30] });
    writeFileSync(path.join(records, "records.jsonl"), `${line("found", "shot.png")}\n${line("lost", "nowhere.png")}\n`);

    const store = createLocalMediaStore(mkdtempSync(path.join(os.tmpdir(), "verity-media-")));
    const job = await createImportJob(db, project.id, null, { target: records, scratch: mkdtempSync(path.join(os.tmpdir(), "verity-scratch-")), images });
    const report = await executeImportJob(db, store, job.id);

    const samples = await db.groundingSample.findMany({ where: { projectId: project.id }, orderBy: { sourceId: "asc" }, include: { media: true } });
    expect(samples.map((s) => [s.sourceId, s.media?.width ?? null, s.imageMissing])).toEqual([
      ["found", 120, false],
      ["lost", null, true],
    ]);
    expect(report?.imagesMissing).toBe(1);
  });
});
