// Case 5 of issue 14: a source id met twice in one import is never "last one wins": the first
// record is kept, the second refused with both locations, for ScreenSpot-Pro samples and for
// Verity JSONL samples, trajectories and predictions. A re-import is not a duplicate of
// itself. SQLite and PostgreSQL.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import { proSamples } from "../support/import-fixtures/screenspot-pro";

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";

describe.each(PROVIDERS)("duplicate source ids (%s)", (provider) => {
  it("two ScreenSpot-Pro records with id 7 and different images, in two annotation files: one sample, one rejection naming both", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = await tempDir();
    mkdirSync(path.join(root, "annotations"));
    const [a, b] = proSamples();
    writeFileSync(path.join(root, "annotations", "excel_macos.json"), JSON.stringify([{ ...a, id: "7" }]));
    writeFileSync(path.join(root, "annotations", "vscode_macos.json"), JSON.stringify([{ ...b, id: "8" }, { ...b, id: "7", img_filename: "vscode_macos/other.png" }]));
    const report = await importInto(db, projectId, root);
    expect(report.created.samples).toBe(2);
    // The root holds only annotations/, which the import unwraps: locations start inside it.
    expect(report.rejected).toEqual([
      { file: "vscode_macos.json", line: 2, reason: 'duplicate: sample "7" of dataset screenspot-pro is also at excel_macos.json:1; the first one is kept' },
    ]);
    expect((await db.groundingSample.findFirstOrThrow({ where: { sourceId: "7" } })).imageRef).toBe(a!.img_filename);

    const again = await importInto(db, projectId, root);
    expect(again).toMatchObject({ unchanged: 2, rejectedCount: 1, created: { samples: 0 } });
  });

  it("Verity JSONL samples, trajectories and predictions repeated in one file", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    const sample = (box: number[]) => ({ type: "sample", id: "s1", image: null, image_size: [100, 100], instruction: "Tap", box });
    const trajectory = (goal: string) => ({ type: "trajectory", id: "t1", goal, steps: [{ image: null, action: { type: "back" } }] });
    const prediction = (point: number[]) => ({ type: "prediction", sample: "s1", model: "m", point });
    writeFileSync(path.join(dir, "r.jsonl"), jsonl([sample([1, 1, 9, 9]), trajectory("first"), prediction([5, 5]), sample([2, 2, 8, 8]), trajectory("second"), prediction([50, 50])]));
    const report = await importInto(db, projectId, path.join(dir, "r.jsonl"));
    expect(report.rejected.map((r) => [r.line, r.reason])).toEqual([
      [4, 'duplicate: sample "s1" of dataset verity is also at r.jsonl:1; the first one is kept'],
      [5, 'duplicate: trajectory "t1" of dataset verity is also at r.jsonl:2; the first one is kept'],
      [6, 'duplicate: prediction of model m on sample "s1" of dataset verity is also at r.jsonl:3; the first one is kept'],
    ]);
    expect(await db.groundingSample.findFirstOrThrow()).toMatchObject({ boxX1: 1, boxY2: 9 });
    expect(await db.trajectory.findFirstOrThrow()).toMatchObject({ goal: "first" });
    expect(await db.modelPrediction.findFirstOrThrow()).toMatchObject({ x: 5, y: 5, correctness: "correct" });
  });
});
