// UI-Venus's grounding meta records are filed under the source "ui-venus", not "screenspot-pro"
// (issue 36, item 27): UI-Venus evaluates many benchmarks in that one layout. A sample an
// earlier import filed under ScreenSpot-Pro is moved, keeping its id and the answer on it, the
// move is named in the report, and a re-import after it changes nothing. ScreenSpot-Pro's own
// annotations stay under "screenspot-pro". SQLite and PostgreSQL.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import { writeUiVenusExamples } from "../support/import-fixtures/ui-venus";

describe.each(PROVIDERS)("UI-Venus meta samples' source (%s)", (provider) => {
  it("files them under ui-venus, moves one filed under screenspot-pro before with its answer, and a re-import changes nothing", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = await tempDir();
    await writeUiVenusExamples(root);
    const meta = path.join(root, "grounding_meta_format.json");

    // What an earlier version stored: the positive sample under screenspot-pro, with an answer on it.
    const media = await db.media.create({ data: { projectId, sha256: "f".repeat(64), mime: "image/png", width: 960, height: 540, byteSize: 1, storageKey: "x" } });
    const earlier = await db.groundingSample.create({ data: { projectId, mediaId: media.id, imageRef: "pc_settings_window.png", instruction: "close this window", sourceDataset: "screenspot-pro", sourceId: "desktop_7", contentHash: "old", boxX1: 880, boxY1: 20, boxX2: 940, boxY2: 60 } });
    const user = await db.user.create({ data: { email: "ann@example.test", name: "Ann", passwordHash: "x" } });
    await db.annotation.create({ data: { projectId, sampleId: earlier.id, annotatorId: user.id, kind: "label", itemType: "sample", status: "draft", boxX1: 881, boxY1: 21, boxX2: 939, boxY2: 59 } });

    const report = await importInto(db, projectId, meta);
    const samples = await db.groundingSample.findMany({ orderBy: { sourceId: "asc" }, select: { id: true, sourceDataset: true, sourceId: true } });
    expect(samples.map((s) => [s.sourceDataset, s.sourceId])).toEqual([["ui-venus", "desktop_7"], ["ui-venus", "desktop_7#negative"]]);
    expect(samples[0]!.id).toBe(earlier.id);
    expect(await db.annotation.count({ where: { sampleId: earlier.id, annotatorId: user.id } })).toBe(1);
    expect(report.notes).toContainEqual(expect.objectContaining({ file: "grounding_meta_format.json", reason: expect.stringContaining('sample desktop_7: moved from source "screenspot-pro" to "ui-venus"') }));

    const again = await importInto(db, projectId, meta);
    expect(again.created.samples).toBe(0);
    expect(again.notes.filter((n) => n.reason.includes("moved from source"))).toEqual([]);
    expect(await db.groundingSample.count()).toBe(2);
  });

  it("ScreenSpot-Pro's own annotations stay under screenspot-pro", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = await tempDir();
    writeFileSync(path.join(root, "pro.json"), JSON.stringify([{ img_filename: "a.png", bbox: [1, 2, 30, 40], instruction: "Open the menu", id: "pro_1", application: "vscode", platform: "windows", img_size: [100, 80], ui_type: "icon", group: "Dev" }]));
    await importInto(db, projectId, path.join(root, "pro.json"));
    expect(await db.groundingSample.findMany({ select: { sourceDataset: true, sourceId: true } })).toEqual([{ sourceDataset: "screenspot-pro", sourceId: "pro_1" }]);
  });
});
