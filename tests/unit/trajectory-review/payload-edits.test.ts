// One key for a run of correct steps (issue 36 item 35: N correct steps cost N presses of c).
import { describe, expect, it } from "vitest";
import { labelRestCorrect } from "@/components/trajectory-review/payload-edits";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";

const payload = (steps: TrajectoryPayload["steps"]): TrajectoryPayload => ({ traceVerdict: null, firstWrongStep: null, steps, note: null });

describe("marking the rest of a trajectory correct", () => {
  it("labels every unlabeled step from here to the last correct, and keeps the labels already given", () => {
    const before = payload([
      { stepIndex: 0, label: "correct" },
      { stepIndex: 3, label: "incorrect", errorKind: "wrong_element" },
      { stepIndex: 5, label: "unsure" },
    ]);
    const after = labelRestCorrect(before, 2, 7);
    expect(after.steps).toEqual([
      { stepIndex: 0, label: "correct" },
      { stepIndex: 2, label: "correct" },
      { stepIndex: 3, label: "incorrect", errorKind: "wrong_element" },
      { stepIndex: 4, label: "correct" },
      { stepIndex: 5, label: "unsure" },
      { stepIndex: 6, label: "correct" },
    ]);
    // Step 1, before "here", stays unlabeled; nothing else in the answer moves.
    expect(after).toMatchObject({ traceVerdict: null, firstWrongStep: null, note: null });
  });

  it("changes nothing when every step from here on is labelled", () => {
    const all = payload([{ stepIndex: 0, label: "incorrect" }, { stepIndex: 1, label: "unsure" }]);
    expect(labelRestCorrect(all, 0, 2)).toEqual(all);
  });
});
