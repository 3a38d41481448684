import { describe, expect, it } from "vitest";
import { groundingConsensus, trajectoryConsensus, type TrajectoryAnswer } from "@/lib/domain/consensus";
import { gradeGroundingAnswer, gradeTrajectoryAnswer } from "@/lib/domain/honeypot-grading";
import type { Box } from "@/lib/domain/geometry";
import type { StepLabel } from "@/lib/domain/labels";

const box = (who: string, b: Box) => ({ who, answer: { targetAbsent: false, box: b } });
const absent = (who: string) => ({ who, answer: { targetAbsent: true, box: null } });

describe("groundingConsensus", () => {
  it("agrees at IoU exactly at the threshold, and the consensus box is the mean", () => {
    // [0,0,10,10] vs [0,0,10,5]: intersection 50, union 100 -> IoU 0.5 exactly.
    const result = groundingConsensus([box("A", [0, 0, 10, 10]), box("B", [0, 0, 10, 5])], 0.5);
    expect(result).toEqual({ agree: true, answer: { targetAbsent: false, box: [0, 0, 10, 7.5] } });
  });

  it("disagrees just below the threshold and says which pair and at what IoU", () => {
    // [0,0,10,10] vs [0,0,10,4.9]: IoU 0.49.
    const result = groundingConsensus([box("A", [0, 0, 10, 10]), box("B", [0, 0, 10, 4.9])], 0.5);
    expect(result).toEqual({ agree: false, reasons: ["the boxes of A and B overlap at IoU 0.49, below 0.5"] });
  });

  it("needs every pair to agree: one outlier among three is a disagreement naming both of its pairs", () => {
    const result = groundingConsensus([box("A", [0, 0, 100, 100]), box("B", [2, 2, 100, 100]), box("C", [60, 60, 160, 160])], 0.5);
    expect(result.agree).toBe(false);
    if (result.agree) return;
    expect(result.reasons).toHaveLength(2);
    expect(result.reasons[0]).toMatch(/^the boxes of A and C overlap at IoU 0\.0\d, below 0\.5$/);
    expect(result.reasons[1]).toMatch(/^the boxes of B and C /);
  });

  it("averages three agreeing boxes coordinate by coordinate", () => {
    const result = groundingConsensus([box("A", [10, 10, 110, 60]), box("B", [12, 10, 112, 62]), box("C", [14, 13, 108, 58])], 0.5);
    expect(result).toEqual({ agree: true, answer: { targetAbsent: false, box: [12, 11, 110, 60] } });
  });

  it("all target absent is a consensus of target absent", () => {
    expect(groundingConsensus([absent("A"), absent("B")], 0.5)).toEqual({ agree: true, answer: { targetAbsent: true, box: null } });
  });

  it("a refusal against a box is a disagreement, whatever the boxes", () => {
    expect(groundingConsensus([absent("A"), box("B", [0, 0, 10, 10]), box("C", [0, 0, 10, 10])], 0.5)).toEqual({
      agree: false,
      reasons: ["A marked the target absent; B, C drew a box"],
    });
  });

  it("refuses fewer than two answers (overlap 1 is not a consensus) and an answer without box or refusal", () => {
    expect(() => groundingConsensus([box("A", [0, 0, 1, 1])], 0.5)).toThrow(RangeError);
    expect(() => groundingConsensus([box("A", [0, 0, 1, 1]), { who: "B", answer: { targetAbsent: false, box: null } }], 0.5)).toThrow(/B gave neither/);
    expect(() => groundingConsensus([absent("A"), absent("B")], 0)).toThrow(RangeError);
  });
});

const labels = (...values: (StepLabel["label"] | null)[]): StepLabel[] =>
  values.flatMap((label, stepIndex) => (label ? [{ stepIndex, label }] : []));
const trajectory = (who: string, answer: Partial<TrajectoryAnswer>) => ({
  who,
  answer: { traceVerdict: "failure", firstWrongStep: null, steps: [], ...answer } as TrajectoryAnswer,
});

describe("trajectoryConsensus", () => {
  it("agrees on the same verdict, step labels and first wrong step", () => {
    const a = trajectory("A", { steps: labels("correct", "incorrect", "unsure"), firstWrongStep: 1 });
    const b = trajectory("B", { steps: labels("correct", "incorrect", "unsure"), firstWrongStep: 1 });
    expect(trajectoryConsensus([a, b])).toEqual({ agree: true, answer: { traceVerdict: "failure", firstWrongStep: 1, steps: labels("correct", "incorrect", "unsure") } });
  });

  it("names each step whose labels differ, a step left unlabeled included", () => {
    const a = trajectory("A", { steps: labels("correct", "incorrect", "correct") });
    const b = trajectory("B", { steps: labels("correct", "correct", null) });
    expect(trajectoryConsensus([a, b])).toEqual({
      agree: false,
      reasons: ["step 2 labels differ (A: incorrect, B: correct)", "step 3 labels differ (A: correct, B: unlabeled)"],
    });
  });

  it("names a differing trace verdict and first wrong step", () => {
    const a = trajectory("A", { traceVerdict: "success", steps: labels("correct") });
    const b = trajectory("B", { traceVerdict: "failure", steps: labels("correct"), firstWrongStep: 0 });
    expect(trajectoryConsensus([a, b])).toEqual({
      agree: false,
      reasons: ["trace verdicts differ (A: success, B: failure)", "first wrong steps differ (A: none, B: step 1)"],
    });
  });

  it("keeps an error kind and a corrected action only where everyone gave the same one", () => {
    const click = { type: "click", x: 10, y: 20 } as const;
    const a = trajectory("A", { steps: [{ stepIndex: 0, label: "incorrect", errorKind: "wrong_element", correctedAction: click }, { stepIndex: 1, label: "incorrect", errorKind: "wrong_text" }] });
    const b = trajectory("B", { steps: [{ stepIndex: 0, label: "incorrect", errorKind: "wrong_element", correctedAction: { y: 20, x: 10, type: "click" } }, { stepIndex: 1, label: "incorrect", errorKind: "redundant" }] });
    const result = trajectoryConsensus([a, b]);
    expect(result).toEqual({
      agree: true,
      answer: { traceVerdict: "failure", firstWrongStep: null, steps: [{ stepIndex: 0, label: "incorrect", errorKind: "wrong_element", correctedAction: click }, { stepIndex: 1, label: "incorrect" }] },
    });
  });

  it("refuses a single answer", () => {
    expect(() => trajectoryConsensus([trajectory("A", {})])).toThrow(RangeError);
  });
});

describe("honeypot grading", () => {
  const expectedBox = { targetAbsent: false, box: [0, 0, 10, 10] as Box };
  it("grounding: a box at the threshold is correct, below it or a refusal is not", () => {
    expect(gradeGroundingAnswer(expectedBox, { targetAbsent: false, box: [0, 0, 10, 5] }, 0.5)).toBe(true);
    expect(gradeGroundingAnswer(expectedBox, { targetAbsent: false, box: [0, 0, 10, 4.9] }, 0.5)).toBe(false);
    expect(gradeGroundingAnswer(expectedBox, { targetAbsent: true, box: null }, 0.5)).toBe(false);
    expect(gradeGroundingAnswer({ targetAbsent: true, box: null }, { targetAbsent: true, box: null }, 0.5)).toBe(true);
    expect(gradeGroundingAnswer({ targetAbsent: true, box: null }, { targetAbsent: false, box: [0, 0, 10, 10] }, 0.5)).toBe(false);
  });

  it("trajectory: the same trace verdict is correct", () => {
    expect(gradeTrajectoryAnswer({ traceVerdict: "success" }, { traceVerdict: "success" })).toBe(true);
    expect(gradeTrajectoryAnswer({ traceVerdict: "success" }, { traceVerdict: "unsure" })).toBe(false);
  });
});
