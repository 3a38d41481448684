import { describe, expect, it } from "vitest";
import { rowHash, type TrainingRow } from "@/lib/exports/rows/training-row";

const ROW: TrainingRow = {
  key: "s1",
  itemId: "s1",
  file: "grounding",
  turns: [
    { role: "user", content: '<image>Click "Save" (é)' },
    { role: "assistant", content: "[512,318]" },
  ],
  images: [{ mediaId: "m1", sha256: "ab".repeat(32), mime: "image/png", storageKey: "ab/ab/x.png", width: 2560, height: 1440 }],
  groundTruth: { task: "grounding", convention: "rel1000", target: "point", refusal: false, box: [100, 200, 300, 400], answer: [512, 318], image: [2560, 1440], resized: null, box_px: [256, 288, 768, 576] },
  meta: { id: "s1", source: "bench", source_id: "src-1", app: null, platform: "web", quality_score: 7, quality_tier: "gold", instruction: 'Click "Save" (é)', original_instruction: "Click Save", revision_id: "r1" },
  revisionIds: ["r1"],
  overrideIds: [],
};

// The ledger of every existing pool holds these hashes; the next snapshot compares against
// them, so a change of the hashed text would call every row of every pool "updated".
describe("rowHash", () => {
  it("is the hash the ledgers of existing pools hold", () => {
    expect(rowHash(ROW)).toBe("e8e056076c6e9992caf0727ea100e733");
    expect(rowHash({ ...ROW, rejected: "[1,2]", groundTruth: null })).toBe("2b08ca5c3d611b67e202b7d32633ef35");
  });

  it("judges a row by its content: the image's bytes, not its path or media row; not its revision list", () => {
    const moved = { ...ROW, images: [{ ...ROW.images[0]!, mediaId: "m2", storageKey: "elsewhere.png" }], revisionIds: ["r9"] };
    expect(rowHash(moved)).toBe(rowHash(ROW));
    expect(rowHash({ ...ROW, turns: [ROW.turns[0]!, { role: "assistant", content: "[512,319]" }] })).not.toBe(rowHash(ROW));
    expect(rowHash({ ...ROW, images: [{ ...ROW.images[0]!, sha256: "cd".repeat(32) }] })).not.toBe(rowHash(ROW));
  });
});
