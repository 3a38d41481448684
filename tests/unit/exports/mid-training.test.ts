import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DiscardListSchema,
  midTrainingSplit,
  SharegptGoldRowSchema,
  SharegptRewriteRowSchema,
} from "@/lib/exports/formats/mid-training";
import { toJsonl } from "@/lib/exports/jsonl";
import { groundingPrompt } from "@/lib/exports/ui-venus-prompt";
import { readJsonl, sample, withTempDir } from "./export-fixtures";

const thresholds = { goldMin: 7, rewriteMin: 4 };

describe("mid-training sharegpt split by tier", () => {
  it("routes 8 to gold, 5 to rewrite, 2 to discard and counts the unscored", async () => {
    const split = midTrainingSplit(
      [
        sample({ id: "gold", qualityScore: 8 }),
        sample({ id: "rewrite", qualityScore: 5, instructionRewrite: "Tap the gear icon" }),
        sample({ id: "discard", qualityScore: 2 }),
        sample({ id: "unscored", qualityScore: null }),
        sample({ id: "refusal", qualityScore: 7, targetAbsent: true, box: null }),
      ],
      thresholds,
    );
    expect(split.unscored).toBe(1);
    expect(split.rewritePending).toEqual([]);

    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, "gold.jsonl"), toJsonl(split.gold));
      await writeFile(path.join(dir, "rewrite.jsonl"), toJsonl(split.rewrite));
      await writeFile(path.join(dir, "discard.json"), JSON.stringify(split.discard));
      const gold = await readJsonl(path.join(dir, "gold.jsonl"));
      const rewrite = await readJsonl(path.join(dir, "rewrite.jsonl"));
      const { readFile } = await import("node:fs/promises");
      const discard = JSON.parse(await readFile(path.join(dir, "discard.json"), "utf8")) as unknown;

      expect(gold).toEqual([
        {
          id: "gold",
          conversations: [
            { from: "human", value: `<image>${groundingPrompt("Open settings")}` },
            { from: "gpt", value: "[50,50,100,100]" },
          ],
          images: ["images/s1.png"],
        },
        {
          id: "refusal",
          conversations: [
            { from: "human", value: `<image>${groundingPrompt("Open settings")}` },
            { from: "gpt", value: "[-1,-1]" },
          ],
          images: ["images/s1.png"],
        },
      ]);
      expect(rewrite).toEqual([
        {
          id: "rewrite",
          conversations: [
            { from: "human", value: `<image>${groundingPrompt("Tap the gear icon")}` },
            { from: "gpt", value: "[50,50,100,100]" },
          ],
          images: ["images/s1.png"],
          instruction: "Tap the gear icon",
          original_instruction: "Open settings",
        },
      ]);
      expect(discard).toEqual(["discard"]);

      for (const row of gold) expect(SharegptGoldRowSchema.safeParse(row).success).toBe(true);
      for (const row of rewrite) expect(SharegptRewriteRowSchema.safeParse(row).success).toBe(true);
      expect(DiscardListSchema.safeParse(discard).success).toBe(true);
    });
  });

  it("holds back a rewrite-tier sample nobody has rewritten yet", () => {
    const split = midTrainingSplit([sample({ id: "r", qualityScore: 4 })], thresholds);
    expect(split.rewrite).toEqual([]);
    expect(split.rewritePending).toEqual(["r"]);
  });

  it("uses the project's thresholds", () => {
    const split = midTrainingSplit([sample({ id: "x", qualityScore: 8 })], { goldMin: 9, rewriteMin: 8.5 });
    expect(split.discard).toEqual(["x"]);
  });
});
