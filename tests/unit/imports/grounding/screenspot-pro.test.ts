import { describe, expect, it } from "vitest";
import { screenSpotProParser } from "@/lib/imports/formats/grounding/screenspot-pro";
import { collect, fixture, rejectionsOf, samplesOf, tempFile } from "./support";
import { describePublic } from "../../../support/public-fixtures";
import { generatedFixtures } from "../../../support/import-fixtures";

const proRecord = {
  img_filename: "vscode_macos/shot_1.png",
  bbox: [100, 200, 180, 230],
  instruction: "open the terminal",
  instruction_cn: "打开终端",
  id: "vscode_macos_0",
  application: "vscode",
  platform: "macos",
  img_size: [3840, 2160],
  ui_type: "text",
  group: "Dev",
};

describePublic("screenSpotProParser on the public UI-Venus meta file", () => {
  it("reads the UI-Venus meta fixture as a positive sample plus a refusal sample", async () => {
    const items = await collect(screenSpotProParser.parse(fixture("ui-venus/grounding_meta_format.json")));
    expect(rejectionsOf(items)).toEqual([]);
    expect(items).toHaveLength(2);
    const [positive, refusal] = samplesOf(items);
    expect(positive).toEqual({
      type: "sample",
      location: { file: "ui-venus/grounding_meta_format.json", line: 1 },
      // UI-Venus's own layout, filed under UI-Venus (its example is a ScreenSpot-v2 desktop
      // sample, not ScreenSpot-Pro's); earlier imports filed it under ScreenSpot-Pro.
      sourceDataset: "ui-venus",
      formerSourceDataset: "screenspot-pro",
      sourceId: "desktop_0",
      imageRef: "pc_ede36f9b-1154-4f76-b7f8-c15d7d3f9b6e.png",
      imageSize: { width: 960, height: 540 },
      instruction: "close this window",
      language: null,
      platform: "desktop",
      app: "windows",
      uiType: "icon",
      target: { kind: "box", raw: [910, 78, 954, 112], contract: { format: "xyxy", unit: "px" } },
      extra: {
        action: 'Click the "X" button in the top-right corner of the window to close it.',
        // read from the source's misspelled `decription`
        description: 'A white "X" icon located in the top-right corner of the window.',
      },
    });
    expect(refusal).toMatchObject({
      location: { file: "ui-venus/grounding_meta_format.json", line: 1 },
      sourceDataset: "ui-venus",
      sourceId: "desktop_0#negative",
      imageRef: positive?.imageRef,
      imageSize: { width: 960, height: 540 },
      instruction: "save",
      platform: "desktop",
      app: "windows",
      uiType: null,
      target: { kind: "absent" },
      extra: {
        action: "Click on the blue button with the floppy disk icon to save the current file.",
        description: expect.stringContaining("floppy disk"),
        positive_source_id: "desktop_0",
      },
    });
  });
});

describe("screenSpotProParser", () => {
  it("reads generated per-app annotation files, each image path inside its app's folder", async () => {
    const root = await generatedFixtures();
    const items = await collect(screenSpotProParser.parse({ root, file: "screenspot-pro/annotations/blender_windows.json" }));
    expect(rejectionsOf(items)).toEqual([]);
    const samples = samplesOf(items);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((s) => s.app === "blender" && s.imageRef!.startsWith("blender_windows/"))).toBe(true);
    expect(samples[0]).toMatchObject({ sourceDataset: "screenspot-pro", imageSize: { width: 800, height: 500 }, extra: { group: "Creative" } });
  });

  it("keeps the fields a record has beyond the format's in extra", async () => {
    const [sample] = samplesOf(await collect(screenSpotProParser.parse(await tempFile("x.json", [{ ...proRecord, source_url: "https://example.org/a", difficulty: 3 }]))));
    expect(sample?.extra).toEqual({ group: "Dev", instruction_cn: "打开终端", source_url: "https://example.org/a", difficulty: 3 });
  });

  it("reads ScreenSpot-Pro annotations and refusal records without a box", async () => {
    const negative = { img_filename: "a.png", instruction: "open the moon", gt_type: "negative", img_size: [100, 50], lang: "en" };
    const input = await tempFile("vscode_macos.json", [proRecord, negative]);
    const items = await collect(screenSpotProParser.parse(input));
    expect(rejectionsOf(items)).toEqual([]);
    const [pro, refusal] = samplesOf(items);
    expect(pro).toMatchObject({
      sourceId: "vscode_macos_0",
      imageSize: { width: 3840, height: 2160 },
      platform: "macos",
      app: "vscode",
      uiType: "text",
      target: { kind: "box", raw: [100, 200, 180, 230] },
      extra: { group: "Dev", instruction_cn: "打开终端" },
    });
    expect(refusal).toMatchObject({ target: { kind: "absent" }, language: "en", location: { line: 2 } });
    // No id: a content hash, the same on every import.
    expect(refusal?.sourceId).toMatch(/^[0-9a-f]{64}$/);
    const again = samplesOf(await collect(screenSpotProParser.parse(input)));
    expect(again.map((s) => s.sourceId)).toEqual([pro?.sourceId, refusal?.sourceId]);
  });

  it("keeps numeric ids as strings", async () => {
    const [sample] = samplesOf(await collect(screenSpotProParser.parse(await tempFile("n.json", [{ ...proRecord, id: 17 }]))));
    expect(sample?.sourceId).toBe("17");
  });

  it("rejects malformed records by field and goes on", async () => {
    const input = await tempFile("bad.json", [
      { ...proRecord, bbox: [1, 2, 3] },
      { ...proRecord, bbox: undefined },
      { ...proRecord, img_size: [0, 10] },
      { ...proRecord, gt_type: "maybe" },
      { ...proRecord, img_filename: null },
      proRecord,
    ]);
    const items = await collect(screenSpotProParser.parse(input));
    expect(samplesOf(items).map((s) => s.location.line)).toEqual([6]);
    expect(rejectionsOf(items).map((r) => [r.location.line, r.reason])).toEqual([
      [1, "bbox: expected 4 numbers, got 3"],
      [2, 'bbox: required unless gt_type is "negative"'],
      [3, "img_size: expected a positive width and height"],
      [4, expect.stringMatching(/^gt_type: /)],
      [5, expect.stringMatching(/^img_filename: .*expected string/)],
    ]);
  });

  it("reads JSON Lines too", async () => {
    const text = `${JSON.stringify(proRecord)}\n${JSON.stringify({ ...proRecord, id: "b", negative_instruction: "fly" })}\n`;
    const items = await collect(screenSpotProParser.parse(await tempFile("pro.jsonl", text)));
    expect(samplesOf(items).map((s) => [s.sourceId, s.location.line, s.target.kind])).toEqual([
      ["vscode_macos_0", 1, "box"],
      ["b", 2, "box"],
      ["b#negative", 2, "absent"],
    ]);
  });
});
