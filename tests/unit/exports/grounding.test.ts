import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parquetMetadataAsync, parquetReadObjects, parquetSchema } from "hyparquet";
import { describe, expect, it } from "vitest";
import { swiftGroundingRows, SwiftGroundingRowSchema } from "@/lib/exports/formats/grounding-swift";
import { verlGroundingRows, VerlGroundingRowSchema } from "@/lib/exports/formats/grounding-verl";
import { verlParquetBuffer, writeVerlParquet } from "@/lib/exports/formats/grounding-verl-parquet";
import { toJsonl } from "@/lib/exports/jsonl";
import { groundingPrompt } from "@/lib/exports/ui-venus-prompt";
import { readJsonl, sample, withTempDir } from "./export-fixtures";

const positive = sample();
const refusal = sample({ id: "s2", imagePath: "images/s2.png", targetAbsent: true, box: null, qualityScore: null });
const rewritten = sample({ id: "s3", instructionRewrite: "Tap the gear icon in the top bar", box: [0, 0, 1920, 1080] });

describe("ms-swift / EasyR1 grounding JSONL", () => {
  it("writes [0,1000] boxes, the refusal and the rewritten instruction, and reads back the same", async () => {
    await withTempDir(async (dir) => {
      const file = path.join(dir, "grounding.jsonl");
      await writeFile(file, toJsonl(swiftGroundingRows([positive, refusal, rewritten])));
      const rows = await readJsonl(file);

      expect(rows).toHaveLength(3);
      expect(rows[0]).toEqual({
        id: "s1",
        messages: [
          { role: "user", content: `<image>${groundingPrompt("Open settings")}` },
          { role: "assistant", content: "[50,50,100,100]" },
        ],
        images: ["images/s1.png"],
        solution: [50, 50, 100, 100],
        original_instruction: "Open settings",
      });
      expect(rows[1]).toMatchObject({ solution: [-1, -1], messages: [{}, { content: "[-1,-1]" }] });
      expect(rows[2]).toMatchObject({
        solution: [0, 0, 1000, 1000],
        messages: [{ content: `<image>${groundingPrompt("Tap the gear icon in the top bar")}` }, {}],
        original_instruction: "Open settings",
      });
      for (const row of rows) expect(SwiftGroundingRowSchema.safeParse(row).success).toBe(true);
    });
  });

  it("rounds to integers on the grid and keeps an instruction's $ text literal", () => {
    const [row] = swiftGroundingRows([sample({ box: [100, 100, 101, 101], instruction: "Pay $& now" })]);
    // 100/1920*1000 = 52.08 -> 52, 101/1920*1000 = 52.6 -> 53; 100/1080*1000 = 92.6 -> 93
    expect(row!.solution).toEqual([52, 93, 53, 94]);
    expect(row!.messages[0].content).toContain("instruction: Pay $& now.");
  });

  it("refuses a positive sample without a box instead of exporting a refusal nobody gave", () => {
    expect(() => swiftGroundingRows([sample({ box: null })])).toThrow(/no box/);
  });
});

describe("verl grounding parquet", () => {
  it("writes nested columns that read back as the same rows", async () => {
    await withTempDir(async (dir) => {
      const rows = verlGroundingRows([positive, refusal, rewritten]);
      const file = path.join(dir, "grounding.parquet");
      await writeVerlParquet(rows, file);

      const { readFile } = await import("node:fs/promises");
      const bytes = await readFile(file);
      const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      const back = await parquetReadObjects({ file: arrayBuffer });

      expect(back).toEqual(rows);
      expect(back[0]).toEqual({
        data_source: "verity_grounding",
        prompt: [{ role: "user", content: `<image>${groundingPrompt("Open settings")}` }],
        images: [{ image: "images/s1.png" }],
        ability: "grounding",
        reward_model: { style: "rule", ground_truth: "[50,50,100,100]" },
        extra_info: { index: 0, id: "s1", source: "screenspot-pro", quality_score: 8, original_instruction: "Open settings" },
      });
      expect(back[1]).toMatchObject({
        reward_model: { ground_truth: "[-1,-1]" },
        extra_info: { index: 1, id: "s2", quality_score: null },
      });
      for (const row of back) expect(VerlGroundingRowSchema.safeParse(row).success).toBe(true);

      // Native nested columns (not JSON strings): prompt is a LIST, reward_model a struct.
      const metadata = await parquetMetadataAsync(arrayBuffer);
      const top = parquetSchema(metadata).children.map((c) => [c.element.name, c.element.converted_type ?? c.element.type]);
      expect(top).toEqual([
        ["data_source", "UTF8"],
        ["prompt", "LIST"],
        ["images", "LIST"],
        ["ability", "UTF8"],
        ["reward_model", undefined],
        ["extra_info", undefined],
      ]);
    });
  });

  it("writes a file with no rows", async () => {
    const back = await parquetReadObjects({ file: verlParquetBuffer([]).buffer as ArrayBuffer });
    expect(back).toEqual([]);
  });
});
