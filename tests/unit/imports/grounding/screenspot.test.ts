import { describe, expect, it } from "vitest";
import { boxToPixels } from "@/lib/domain/coordinates";
import { screenSpotParser } from "@/lib/imports/formats/grounding/screenspot";
import { collect, rejectionsOf, samplesOf, tempFile } from "./support";

const mobile = {
  img_filename: "mobile_1.png",
  bbox: [10, 20, 30, 40],
  instruction: "open settings",
  data_type: "icon",
  data_source: "ios",
};
const web = { img_filename: "web_3.png", bbox: [0, 0, 5, 5], instruction: "search", data_type: "text", data_source: "gitlab" };

describe("screenSpotParser", () => {
  it("reads [x, y, w, h] px boxes under an xywh contract, without converting them", async () => {
    const input = await tempFile("screenspot_mobile.json", [mobile, web]);
    const items = await collect(screenSpotParser.parse(input));
    expect(rejectionsOf(items)).toEqual([]);
    const [first, second] = samplesOf(items);
    expect(first).toMatchObject({
      type: "sample",
      location: { file: "screenspot_mobile.json", line: 1 },
      sourceDataset: "screenspot",
      imageRef: "mobile_1.png",
      imageSize: null,
      instruction: "open settings",
      platform: "ios",
      app: null,
      uiType: "icon",
      target: { kind: "box", raw: [10, 20, 30, 40], contract: { format: "xywh", unit: "px" } },
    });
    // The writer's conversion of this contract gives the box the source meant.
    if (first?.target.kind !== "box") throw new Error("expected a box");
    expect(boxToPixels(first.target.raw, first.target.contract, { width: 100, height: 100 })).toEqual([10, 20, 40, 60]);
    // Web records name a site category in data_source, not a platform.
    expect(second).toMatchObject({ platform: "web", app: "gitlab", uiType: "text", location: { line: 2 } });
  });

  it("keys records by a content hash that ignores key order and is stable across imports", async () => {
    const reordered = { data_source: "ios", data_type: "icon", instruction: "open settings", bbox: [10, 20, 30, 40], img_filename: "mobile_1.png" };
    const a = samplesOf(await collect(screenSpotParser.parse(await tempFile("a.json", [mobile]))));
    const b = samplesOf(await collect(screenSpotParser.parse(await tempFile("b.jsonl", `${JSON.stringify(reordered)}\n`))));
    expect(a[0]?.sourceId).toMatch(/^[0-9a-f]{64}$/);
    expect(b[0]?.sourceId).toBe(a[0]?.sourceId);
    expect(a[0]?.sourceId).not.toBe(samplesOf(await collect(screenSpotParser.parse(await tempFile("c.json", [web]))))[0]?.sourceId);
  });

  it("rejects bad records with file, line and the field, and keeps the good ones", async () => {
    const input = await tempFile("bad.json", [
      mobile,
      { ...mobile, bbox: [1, 2, 3] },
      { ...mobile, instruction: 42, bbox: [1, "2", 3, 4] },
      "just a string",
      { ...mobile, instruction: "   " },
      web,
    ]);
    const items = await collect(screenSpotParser.parse(input));
    expect(samplesOf(items).map((s) => s.location.line)).toEqual([1, 6]);
    expect(rejectionsOf(items)).toEqual([
      { type: "rejected", location: { file: "bad.json", line: 2 }, reason: "bbox: expected 4 numbers, got 3" },
      {
        type: "rejected",
        location: { file: "bad.json", line: 3 },
        reason: expect.stringMatching(/^bbox\.1: .*expected number.*; instruction: .*expected string/),
      },
      { type: "rejected", location: { file: "bad.json", line: 4 }, reason: expect.stringMatching(/^record: .*expected object/) },
      { type: "rejected", location: { file: "bad.json", line: 5 }, reason: "instruction: must not be empty" },
    ]);
  });

  it("yields the records before a truncated tail, then the rejection", async () => {
    const text = `[${JSON.stringify(mobile)},${JSON.stringify(web)},{"img_filename": "x.png", "bbox": [1,`;
    const items = await collect(screenSpotParser.parse(await tempFile("cut.json", text)));
    expect(samplesOf(items)).toHaveLength(2);
    expect(rejectionsOf(items)).toEqual([
      { type: "rejected", location: { file: "cut.json", line: 3 }, reason: expect.stringContaining("element 3") },
    ]);
  });

  it("does not let a __proto__ key reach Object.prototype and drops unknown keys", async () => {
    const text = `[{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "img_filename": "p.png", "bbox": [1, 2, 3, 4], "instruction": "x", "data_type": "icon", "data_source": "android"}]`;
    const [sample] = samplesOf(await collect(screenSpotParser.parse(await tempFile("proto.json", text))));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(sample).toMatchObject({ imageRef: "p.png", platform: "android", extra: { data_source: "android" } });
    expect(Object.keys(sample?.extra ?? {})).toEqual(["data_source"]);
  });
});
