// The pools screen's preview, on SQLite and PostgreSQL: the first rows are the rows the next
// export writes (same prompt, same answer, same ground truth), and the marks it draws are the
// target in the pool's convention mapped back onto the screenshot, within half a unit of the
// verified box (the drawing shows where the trainer is told the target is, rounding included).
// Refusals are drawn as such, with no mark.
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, makePool, readJsonlFile, runExport } from "./export-support";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { MsSwiftRowSchema } from "@/lib/exports/profiles/row-schemas";
import { ingestImage } from "@/lib/media/ingest";
import { previewPool } from "@/lib/pools/pool-preview";

type Box = [number, number, number, number];
const BOXES: (Box | null)[] = [[101, 33, 257, 90], null, [0, 0, 1366, 768], [683, 384, 684, 385]];

describe.each(PROVIDERS)("the pool preview on %s", (provider) => {
  it("shows the rows the export writes, with the target drawn back on the screenshot within half a unit", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const png = await sharp({ create: { width: 1366, height: 768, channels: 3, background: "#446688" } }).png().toBuffer();
    const media = await ingestImage(world.db, world.store, world.projectId, png);
    const boxOf = new Map<string, Box | null>();
    for (const [i, box] of BOXES.entries()) {
      const s = await world.db.groundingSample.create({ data: { projectId: world.projectId, mediaId: media.id, instruction: `Find item ${i}`, sourceDataset: "preview", sourceId: `p${i}`, contentHash: `p${i}` } });
      await saveGroundingAnnotation(world.db, world.reviewer, { sampleId: s.id, baseVersion: null, status: "submitted", payload: { targetAbsent: box === null, box, instructionRewrite: null, qualityScore: null, note: null } });
      boxOf.set(s.id, box);
    }
    for (const [name, settings, unit] of [
      ["preview-point", {}, [1366 / 1000, 768 / 1000]],
      ["preview-abs", { template: "verity-grounding", convention: "qwen25-abs", target: "box" }, [1366 / 1372, 768 / 756]],
      ["preview-norm", { template: "verity-grounding", convention: "norm1", target: "box" }, [1366 / 10000, 768 / 10000]],
    ] as const) {
      const pool = await makePool(world, { name, kind: "grounding", profile: "ms-swift", settings });
      const preview = await previewPool(world.db, world.projectId, pool.id);
      expect(preview.rows).toHaveLength(BOXES.length);
      const outcome = await runExport(world, pool.id, "full");
      if (outcome.status !== "succeeded") throw new Error(outcome.error);
      const exported = readJsonlFile(path.join(world.poolDir(name), "snapshots", outcome.snapshotId, "grounding.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
      for (const row of preview.rows) {
        const written = exported.find((r) => r.id === row.key)!;
        expect(row.turns, `${name} ${row.key}`).toEqual(written.messages);
        expect(row.truth).toBe(written.solution);
        expect(JSON.parse(row.shaped)).toMatchObject({ id: written.id, messages: written.messages, solution: written.solution, images: written.images });
        const box = boxOf.get(row.key)!;
        if (box === null) {
          expect(row).toMatchObject({ refusal: true, marks: [] });
          continue;
        }
        const drawn = row.marks.find((m) => m.kind === "box") as { x1: number; y1: number; x2: number; y2: number };
        // One unit of the convention in screenshot pixels, per axis (qwen25-abs: 1366x768 resizes to 1372x756).
        const [ux, uy] = unit;
        [drawn.x1 - box[0], drawn.x2 - box[2]].forEach((d) => expect(Math.abs(d), `${name} ${row.key}`).toBeLessThanOrEqual(ux / 2 + 1e-9));
        [drawn.y1 - box[1], drawn.y2 - box[3]].forEach((d) => expect(Math.abs(d), `${name} ${row.key}`).toBeLessThanOrEqual(uy / 2 + 1e-9));
        const point = row.marks.find((m) => m.kind === "point") as { x: number; y: number } | undefined;
        if (name === "preview-point") {
          expect(Math.abs(point!.x - (box[0] + box[2]) / 2)).toBeLessThanOrEqual(ux / 2 + 1e-9);
          expect(Math.abs(point!.y - (box[1] + box[3]) / 2)).toBeLessThanOrEqual(uy / 2 + 1e-9);
        } else expect(point).toBeUndefined();
      }
    }
  });
});
