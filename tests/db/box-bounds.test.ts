// A box past the screenshot's edge (x2 = 2570 on a 2560-wide image) is refused when saved,
// naming where, and never clamped out of sight; one already pinned from before that rule
// (here pinned directly, as an old import could have) is left out of the export and counted
// in the manifest, not clamped there either. On SQLite and PostgreSQL.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, makePool, readJsonlFile, runExport } from "./export-support";
import { grounding, pinSample } from "./derived-support";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";
import { ingestImage } from "@/lib/media/ingest";

describe.each(PROVIDERS)("boxes and the image edge on %s", (provider) => {
  it("refuses x2 = 2570 on a 2560-wide screenshot at save, and leaves an old out-of-image box out of the export, counted", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const png = await sharp({ create: { width: 2560, height: 1440, channels: 3, background: "#223344" } }).png().toBuffer();
    const media = await ingestImage(world.db, world.store, world.projectId, png);
    const [inside, past] = await Promise.all(["inside", "past"].map((id) => world.db.groundingSample.create({ data: { projectId: world.projectId, mediaId: media.id, instruction: `Tap ${id}`, sourceDataset: "bounds", sourceId: id, contentHash: id } })));

    await expect(saveGroundingAnnotation(world.db, world.reviewer, { sampleId: past!.id, baseVersion: null, status: "submitted", payload: grounding([2400, 100, 2570, 200]) })).rejects.toThrow(/x2 2570 > 2560/);
    expect(await world.db.annotation.count({ where: { sampleId: past!.id } })).toBe(0);
    // The edge itself is inside.
    await saveGroundingAnnotation(world.db, world.reviewer, { sampleId: inside!.id, baseVersion: null, status: "submitted", payload: grounding([2400, 100, 2560, 1440]) });

    await pinSample(world.db, world.projectId, past!.id, grounding([2400, 100, 2570, 200]), { decidedById: world.admin.user.id });
    const pool = await makePool(world, { name: "bounds", kind: "grounding", profile: "ms-swift" });
    const outcome = await runExport(world, pool.id, "full");
    if (outcome.status !== "succeeded") throw new Error(outcome.error);
    const dir = path.join(world.poolDir("bounds"), "snapshots", outcome.snapshotId);
    expect(readJsonlFile(path.join(dir, "grounding.jsonl")).map((r) => (r as { id: string }).id)).toEqual([inside!.id]);
    const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
    expect(manifest.counts["skipped:box_outside_image"]).toBe(1);
  });
});
