import { describe, expect, it } from "vitest";
import { boxToPixels } from "@/lib/domain/coordinates";
import { boxFromPolygon } from "@/lib/domain/geometry";
import { osworldGParser } from "@/lib/imports/formats/grounding/osworld-g";
import { collect, rejectionsOf, samplesOf, tempFile } from "./support";

const base = { image_path: "screen_1.png", image_size: [1920, 1080], instruction: "open the file menu" };
const bbox = { ...base, id: "a1", box_type: "bbox", box_coordinates: [100, 50, 40, 20], GUI_types: ["Text Matching"] };
const polygon = { ...base, id: "p1", box_type: "polygon", box_coordinates: [10, 10, 50, 12, 48, 40, 8, 38] };
const refusal = { ...base, id: "r1", box_type: "refusal", box_coordinates: [-1, -1, -1, -1] };

describe("osworldGParser", () => {
  it("reads bbox (xywh px), polygon (px points) and refusal targets", async () => {
    const items = await collect(osworldGParser.parse(await tempFile("OSWorld-G.json", [bbox, polygon, refusal])));
    expect(rejectionsOf(items)).toEqual([]);
    const [box, poly, absent] = samplesOf(items);
    expect(box).toEqual({
      type: "sample",
      location: { file: "OSWorld-G.json", line: 1 },
      sourceDataset: "osworld-g",
      sourceId: "a1",
      imageRef: "screen_1.png",
      imageSize: { width: 1920, height: 1080 },
      instruction: "open the file menu",
      language: null,
      platform: null,
      app: null,
      uiType: null,
      target: { kind: "box", raw: [100, 50, 40, 20], contract: { format: "xywh", unit: "px" } },
      extra: { box_type: "bbox", gui_types: ["Text Matching"] },
    });
    if (box?.target.kind !== "box") throw new Error("expected a box");
    expect(boxToPixels(box.target.raw, box.target.contract, { width: 1920, height: 1080 })).toEqual([100, 50, 140, 70]);

    expect(poly?.target).toEqual({
      kind: "polygon",
      points: [
        [10, 10],
        [50, 12],
        [48, 40],
        [8, 38],
      ],
      contract: { format: "xyxy", unit: "px" },
    });
    if (poly?.target.kind !== "polygon") throw new Error("expected a polygon");
    expect(boxFromPolygon(poly.target.points)).toEqual([8, 10, 50, 40]);

    expect(absent).toMatchObject({ sourceId: "r1", target: { kind: "absent" }, location: { line: 3 } });
  });

  it("reads a polygon written as [x, y] pairs, and JSON Lines", async () => {
    const pairs = { ...polygon, box_coordinates: [[1, 2], [3, 4], [5, 0]] };
    const items = await collect(osworldGParser.parse(await tempFile("g.jsonl", `${JSON.stringify(pairs)}\n`)));
    expect(samplesOf(items)[0]?.target).toMatchObject({ kind: "polygon", points: [[1, 2], [3, 4], [5, 0]] });
  });

  it("keys records without an id by content", async () => {
    const { id: _id, ...anonymous } = bbox;
    const [sample] = samplesOf(await collect(osworldGParser.parse(await tempFile("n.json", [anonymous]))));
    expect(sample?.sourceId).toMatch(/^[0-9a-f]{64}$/);
  });

  it("rejects malformed records by field and goes on", async () => {
    const input = await tempFile("bad.json", [
      { ...bbox, box_coordinates: [1, 2, 3] },
      { ...polygon, box_coordinates: [1, 2, 3, 4, 5] },
      { ...polygon, box_coordinates: [1, 2, 3, 4] },
      { ...bbox, box_type: "circle" },
      { ...bbox, image_size: [1920] },
      { ...bbox, instruction: null },
      refusal,
    ]);
    const items = await collect(osworldGParser.parse(input));
    expect(samplesOf(items).map((s) => s.location.line)).toEqual([7]);
    expect(rejectionsOf(items).map((r) => [r.location.line, r.reason])).toEqual([
      [1, "box_coordinates: expected 4 numbers, got 3"],
      [2, expect.stringMatching(/^box_coordinates: expected at least 3 \[x, y\] points .* got 5 numbers$/)],
      [3, expect.stringMatching(/^box_coordinates: .* got 4 numbers$/)],
      [4, expect.stringMatching(/^box_type: /)],
      [5, "image_size: expected 2 numbers, got 1"],
      [6, expect.stringMatching(/^instruction: /)],
    ]);
  });
});
