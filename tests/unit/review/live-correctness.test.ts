// Hit/miss against the box being edited (issue 36, item 23): absent while the answer is the
// judged target, and otherwise each model judged against the answer by the very function the
// stored correctness comes from (deriveSample), inclusive bounds and refusals alike.
import { describe, expect, it } from "vitest";
import { liveCorrectness } from "@/components/review/live-correctness";
import { deriveSample } from "@/lib/domain/derive-sample";
import { TierSettingsSchema } from "@/lib/domain/tiers";
import type { Box } from "@/lib/domain/geometry";

const icon: Box = [1800, 620, 1822, 645];
const predictions = [
  { id: "alpha", kind: "point", x: 1803, y: 632 },
  { id: "beta", kind: "point", x: 1815, y: 640 },
  { id: "edge", kind: "point", x: 1822, y: 645 },
  { id: "refusal", kind: "refusal", x: null, y: null },
  { id: "garbled", kind: "wrong_format", x: null, y: null },
];
const imported = { targetAbsent: false, box: icon };

describe("liveCorrectness", () => {
  it("says nothing while the answer is the target the stored correctness was judged against", () => {
    expect(liveCorrectness(predictions, { targetAbsent: false, box: [...icon] as Box }, imported)).toBeNull();
    expect(liveCorrectness(predictions, { targetAbsent: true, box: null }, { targetAbsent: true, box: null })).toBeNull();
  });

  it("judges each model against a moved box: alpha falls outside, beta stays in", () => {
    const moved: Box = [1806, 620, 1828, 645];
    const live = liveCorrectness(predictions, { targetAbsent: false, box: moved }, imported)!;
    expect(Object.fromEntries(live)).toEqual({ alpha: "wrong", beta: "correct", edge: "correct", refusal: "wrong", garbled: "wrong_format" });
  });

  it("agrees with the stored correctness deriveSample gives for the same box, target absent included", () => {
    for (const answer of [{ targetAbsent: false, box: [1806, 620, 1828, 645] as Box }, { targetAbsent: true, box: null }, { targetAbsent: false, box: [0, 0, 10, 10] as Box }]) {
      const live = liveCorrectness(predictions, answer, imported)!;
      const stored = deriveSample({
        imported: answer,
        final: null,
        qualityVerdicts: [],
        predictions,
        tiers: TierSettingsSchema.parse({}),
      }).predictions;
      expect(Object.fromEntries(live)).toEqual(Object.fromEntries(stored.map((p) => [p.id, p.correctness])));
    }
  });

  it("judges nothing against an answer with neither a box nor 'absent'", () => {
    const live = liveCorrectness(predictions, { targetAbsent: false, box: null }, imported)!;
    expect([...live.values()].every((j) => j === null)).toBe(true);
  });
});
