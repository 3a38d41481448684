// A redundant step is a penalty on the path (AndroidLab's R_p), not where a trajectory went
// wrong (issue 36 item 24: 'a' on step 3 blocked naming step 5 the first wrong step).
import { describe, expect, it } from "vitest";
import { impliedFirstWrongStep } from "@/lib/domain/derive-trajectory";
import { isWrongStep } from "@/lib/domain/labels";
import { trajectoryProblemOf, type TrajectoryPayload } from "@/lib/domain/trajectory-payload";

const redundant = { stepIndex: 2, label: "incorrect" as const, errorKind: "redundant" as const };
const wrong = { stepIndex: 4, label: "incorrect" as const, errorKind: "wrong_element" as const };

describe("redundant steps and the first wrong step", () => {
  it("a redundant step before it does not block naming a later first wrong step; a wrong one still does", () => {
    const answer: TrajectoryPayload = { traceVerdict: "failure", firstWrongStep: 4, steps: [redundant, wrong], note: null };
    expect(trajectoryProblemOf(answer, 6)).toBeNull();
    expect(trajectoryProblemOf({ ...answer, steps: [{ stepIndex: 2, label: "incorrect", errorKind: "wrong_text" }, wrong] }, 6)).toEqual({ kind: "earlierIncorrect", earlier: 3, first: 5 });
  });

  it("is not the first wrong step an answer implies, and is not a wrong step", () => {
    expect(impliedFirstWrongStep({ firstWrongStep: null, steps: [redundant, wrong] })).toBe(4);
    expect(impliedFirstWrongStep({ firstWrongStep: null, steps: [redundant] })).toBeNull();
    expect(isWrongStep(redundant)).toBe(false);
    expect(isWrongStep(wrong)).toBe(true);
    expect(isWrongStep({ label: "incorrect" })).toBe(true);
  });
});
