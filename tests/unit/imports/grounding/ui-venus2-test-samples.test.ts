// UI-Venus-2's grounding test samples (inclusionAI/UI-Venus @ 81945ac, models/grounding/
// test_cases/annotations/test_samples.json) have ScreenSpot-Pro's keys: the ScreenSpot-Pro
// parser claims them and reads each as a sample with its box in pixels of img_size.
import { describe, expect, it } from "vitest";
import { detectParser } from "@/lib/imports/formats/registry";
import { screenSpotProParser } from "@/lib/imports/formats/grounding/screenspot-pro";
import { collect, rejectionsOf, samplesOf, tempFile } from "./support";
import { VENUS2_GROUNDING_SAMPLES } from "../../../support/fixtures/ui-venus2-fixture";

describe("UI-Venus-2 test_samples.json", () => {
  it("is detected as ScreenSpot-Pro and read sample by sample", async () => {
    const input = await tempFile("test_samples.json", VENUS2_GROUNDING_SAMPLES);
    expect((await detectParser(input))?.id).toBe("screenspot-pro");
    const items = await collect(screenSpotProParser.parse(input));
    expect(rejectionsOf(items)).toEqual([]);
    expect(samplesOf(items).map((s) => [s.sourceId, s.imageRef, s.imageSize, s.instruction, s.target])).toEqual(
      VENUS2_GROUNDING_SAMPLES.map((r) => [
        r.id,
        r.img_filename,
        { width: r.img_size[0], height: r.img_size[1] },
        r.instruction,
        { kind: "box", raw: r.bbox, contract: { format: "xyxy", unit: "px" } },
      ]),
    );
    expect(samplesOf(items)[0]!.extra).toEqual({ group: "CAD", instruction_cn: "打开报告搜索" });
  });
});
