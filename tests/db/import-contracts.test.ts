// Case 6 and 7 of issue 14 at import time: boxes that look normalised are refused unless the
// coordinate contract says what they are (the CLI's --contract, a Verity JSONL line's coords);
// an image whose aspect ratio differs from the record's stated size is refused with both
// sizes; a same-aspect resize is rescaled and reported. SQLite and PostgreSQL.
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import { proSamples } from "../support/import-fixtures/screenspot-pro";

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
const boxOf = (s: { boxX1: number | null; boxY1: number | null; boxX2: number | null; boxY2: number | null }) => [s.boxX1, s.boxY1, s.boxX2, s.boxY2];

describe.each(PROVIDERS)("coordinate contracts and stated sizes on import (%s)", (provider) => {
  it("refuses [0.1, 0.2, 0.35, 0.25] on a 1080x1920 screenshot as pixels, takes it with --contract xyxy:0-1", async () => {
    const root = await tempDir();
    const [sample] = proSamples();
    writeFileSync(path.join(root, "annotations.json"), JSON.stringify([{ ...sample, img_size: [1080, 1920], bbox: [0.1, 0.2, 0.35, 0.25] }]));

    const refused = await freshDatabase(provider);
    const r1 = await importInto(refused.db, await importProject(refused.db), path.join(root, "annotations.json"));
    expect(r1.rejected).toEqual([{ file: "annotations.json", line: 1, reason: expect.stringMatching(/looks normalised, but the contract says pixels.*--contract xyxy:0-1/) }]);
    expect(await refused.db.groundingSample.count()).toBe(0);

    const taken = await freshDatabase(provider);
    const r2 = await importInto(taken.db, await importProject(taken.db), path.join(root, "annotations.json"), { contract: { format: "xyxy", unit: "0-1" } });
    expect(r2.rejectedCount).toBe(0);
    const stored = boxOf(await taken.db.groundingSample.findFirstOrThrow());
    [108, 384, 378, 480].forEach((v, i) => expect(stored[i]).toBeCloseTo(v, 9));
  });

  it("reads each Verity JSONL line in the contract its coords names", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    const line = (id: string, box: number[], coords?: string) => ({ type: "sample", id, image: null, image_size: [1000, 500], instruction: id, box, ...(coords ? { coords } : {}) });
    writeFileSync(path.join(dir, "r.jsonl"), jsonl([line("px", [10, 10, 30, 20]), line("unit", [0.1, 0.1, 0.3, 0.2], "xyxy:0-1"), line("grid", [100, 100, 200, 100], "xywh:0-1000"), line("guess", [0.1, 0.1, 0.3, 0.2])]));
    const report = await importInto(db, projectId, path.join(dir, "r.jsonl"));
    expect(report.rejected.map((r) => [r.line, r.reason])).toEqual([[4, expect.stringMatching(/looks normalised/)]]);
    const byId = Object.fromEntries((await db.groundingSample.findMany()).map((s) => [s.sourceId, boxOf(s)]));
    expect(byId.px).toEqual([10, 10, 30, 20]);
    byId.unit!.forEach((v, i) => expect(v).toBeCloseTo([100, 50, 300, 100][i]!, 9));
    byId.grid!.forEach((v, i) => expect(v).toBeCloseTo([100, 50, 300, 100][i]!, 9));
  });

  it("refuses an image of another aspect ratio than img_size with both sizes, and reports a same-aspect resize", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = await tempDir();
    const [a, b] = proSamples();
    const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: "#336699" } }).png().toBuffer();
    writeFileSync(path.join(root, "rotated.png"), await png(500, 800));
    writeFileSync(path.join(root, "small.png"), await png(400, 250));
    writeFileSync(path.join(root, "annotations.json"), JSON.stringify([
      { ...a, img_filename: "rotated.png", img_size: [800, 500] },
      { ...b, img_filename: "small.png", img_size: [800, 500] },
    ]));
    const report = await importInto(db, projectId, path.join(root, "annotations.json"));
    expect(report.rejected).toEqual([{ file: "annotations.json", line: 1, reason: "the image is 500x800 but the record says it is 800x500, another aspect ratio: its coordinates cannot be placed on this image" }]);
    expect(report.notes).toContainEqual({ file: "annotations.json", line: 2, reason: "the image is 400x250, the record says 800x500: coordinates rescaled by 0.5000" });
    const [x1, y1, x2, y2] = b!.bbox;
    expect(boxOf(await db.groundingSample.findFirstOrThrow())).toEqual([x1 / 2, y1 / 2, x2 / 2, y2 / 2]);
  });
});
