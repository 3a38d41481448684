import { describe, expect, it } from "vitest";
import { groundingResultsParser } from "@/lib/imports/formats/grounding/grounding-results";
import { osworldGParser } from "@/lib/imports/formats/grounding/osworld-g";
import { screenSpotParser } from "@/lib/imports/formats/grounding/screenspot";
import { screenSpotProParser } from "@/lib/imports/formats/grounding/screenspot-pro";
import type { FormatParser, ParserInput } from "@/lib/imports/records";
import { fixture, tempFile } from "./support";
import { describePublic } from "../../../support/public-fixtures";
import { generatedFixtures, RESULTS_FILE } from "../../../support/import-fixtures";

const PARSERS: FormatParser[] = [screenSpotParser, screenSpotProParser, groundingResultsParser, osworldGParser];

async function detected(input: ParserInput): Promise<string[]> {
  const ids: string[] = [];
  for (const parser of PARSERS) if (await parser.detect(input)) ids.push(parser.id);
  return ids;
}

const screenspot = { img_filename: "a.png", bbox: [1, 2, 3, 4], instruction: "x", data_type: "icon", data_source: "ios" };
const osworld = { id: "1", image_path: "a.png", image_size: [10, 10], instruction: "x", box_type: "bbox", box_coordinates: [1, 2, 3, 4] };

describePublic("detect on the public fixtures", () => {
  it("picks exactly one parser for each real fixture", async () => {
    expect(await detected(fixture("ui-venus/grounding_meta_format.json"))).toEqual(["screenspot-pro"]);
    expect(await detected(fixture("ui-venus/grounding_result_format.json"))).toEqual(["grounding-results"]);
    expect(await detected(fixture("screenspot-pro-results/qwen2vl-sample.json"))).toEqual(["grounding-results"]);
  });

  it("claims none of the other fixtures", async () => {
    for (const file of [
      "ui-venus/trace/trace.json",
      "webvoyager/tasks_test.jsonl",
      "webvoyager/taskGitHub--0/interact_messages.json",
      "ui-venus/trace/5842fa4411caad04cbcd67e514c2b426.png",
      "README.md",
    ]) {
      expect(await detected(fixture(file)), file).toEqual([]);
    }
  });
});

describe("detect", () => {
  it("picks exactly one parser for each generated file in its real layout", async () => {
    const root = await generatedFixtures();
    expect(await detected({ root, file: "ui-venus/grounding_meta_format.json" })).toEqual(["screenspot-pro"]);
    expect(await detected({ root, file: "ui-venus/grounding_result_format.json" })).toEqual(["grounding-results"]);
    expect(await detected({ root, file: RESULTS_FILE })).toEqual(["grounding-results"]);
    expect(await detected({ root, file: "screenspot-pro/annotations/excel_macos.json" })).toEqual(["screenspot-pro"]);
    for (const file of ["ui-venus/trace/trace.json", "webvoyager/tasks_test.jsonl", "webvoyager/taskArXiv--2/interact_messages.json", "webvoyager/taskArXiv--2/screenshot1.png"]) {
      expect(await detected({ root, file }), file).toEqual([]);
    }
  });

  it("picks exactly one parser for each synthetic format, as JSON and as JSONL", async () => {
    expect(await detected(await tempFile("screenspot_web.json", [screenspot]))).toEqual(["screenspot"]);
    expect(await detected(await tempFile("screenspot.jsonl", `${JSON.stringify(screenspot)}\n`))).toEqual(["screenspot"]);
    expect(await detected(await tempFile("OSWorld-G.json", [osworld]))).toEqual(["osworld-g"]);
    expect(await detected(await tempFile("osworld.jsonl", `${JSON.stringify(osworld)}\n`))).toEqual(["osworld-g"]);
    const pro = { img_filename: "a.png", bbox: [1, 2, 3, 4], instruction: "x", gt_type: "positive" };
    expect(await detected(await tempFile("pro.json", [pro]))).toEqual(["screenspot-pro"]);
  });

  it("finds a record whose first string is longer than the read-ahead allows", async () => {
    // The head ends inside the first record's long string: keys before it still decide.
    const long = { img_filename: "a.png", bbox: [1, 2, 3, 4], data_type: "icon", data_source: "ios", instruction: "x".repeat(40_000) };
    expect(await detected(await tempFile("long.json", [long]))).toEqual(["screenspot"]);
  });

  it("claims no non-JSON or missing file", async () => {
    expect(await detected({ root: "/tmp", file: "does-not-exist-verity.json" })).toEqual([]);
    expect(await detected({ root: "/tmp", file: null })).toEqual([]);
    expect(await detected(await tempFile("x.json", "not json at all"))).toEqual([]);
    expect(await detected(await tempFile("renamed.txt", [screenspot]))).toEqual([]);
  });
});
