import { describe, expect, it } from "vitest";
import { ITEM_STATES, stateAfterSubmit, submitOutcome, type ItemState } from "@/lib/domain/item-lifecycle";

describe("submitOutcome", () => {
  it("pins a reviewer's submit, outside a queue or in a queue of overlap 1", () => {
    for (const state of ITEM_STATES) expect(submitOutcome(state, "reviewer", null)).toBe("pin");
    expect(submitOutcome("in_review", "reviewer", { overlap: 1, isHoneypot: false })).toBe("pin");
  });

  it("never lets an annotator change a settled item: outside a queue it is a proposal", () => {
    expect(submitOutcome("verified", "annotator", null)).toBe("proposal");
    expect(submitOutcome("rejected", "annotator", null)).toBe("proposal");
    expect(submitOutcome("verified", "annotator", { overlap: 1, isHoneypot: false })).toBe("kept");
    expect(submitOutcome("verified", "annotator", { overlap: 2, isHoneypot: false })).toBe("kept");
    // The queue answer already submitted: a resubmit to the settled item (consensus-verified
    // included) is a proposal for a reviewer, not queue work.
    expect(submitOutcome("verified", "annotator", { overlap: 2, isHoneypot: false, isActive: false })).toBe("proposal");
    expect(submitOutcome("verified", "annotator", { overlap: 1, isHoneypot: false, isActive: false })).toBe("proposal");
    expect(submitOutcome("verified", "reviewer", { overlap: 2, isHoneypot: false, isActive: false })).toBe("pin");
    expect(submitOutcome("in_review", "annotator", { overlap: 2, isHoneypot: false, isActive: false })).toBe("queue_answer");
  });

  it("grades every answer to a honeypot, whoever gives it", () => {
    expect(submitOutcome("verified", "annotator", { overlap: 1, isHoneypot: true })).toBe("graded");
    expect(submitOutcome("verified", "reviewer", { overlap: 3, isHoneypot: true })).toBe("graded");
  });

  it("leaves items of overlap >= 2 to the queue, reviewers included", () => {
    expect(submitOutcome("unreviewed", "reviewer", { overlap: 2, isHoneypot: false })).toBe("queue_answer");
    expect(submitOutcome("in_review", "annotator", { overlap: 3, isHoneypot: false })).toBe("queue_answer");
  });

  it("puts an unsettled item in review on an annotator's submit", () => {
    for (const state of ["unreviewed", "in_review", "awaiting_adjudication", "reopened"] as ItemState[]) expect(submitOutcome(state, "annotator", null)).toBe("in_review");
  });
});

describe("stateAfterSubmit", () => {
  it("moves unreviewed and reopened items into review, and never a settled or adjudicated one", () => {
    expect(stateAfterSubmit("unreviewed", "in_review")).toBe("in_review");
    expect(stateAfterSubmit("reopened", "queue_answer")).toBe("in_review");
    expect(stateAfterSubmit("awaiting_adjudication", "in_review")).toBe("awaiting_adjudication");
    expect(stateAfterSubmit("verified", "proposal")).toBe("verified");
    expect(stateAfterSubmit("verified", "graded")).toBe("verified");
    expect(stateAfterSubmit("in_review", "pin")).toBe("verified");
  });
});
