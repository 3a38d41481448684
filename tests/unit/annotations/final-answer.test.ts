import { describe, expect, it } from "vitest";
import { pickFinalAnswer } from "@/lib/annotations/final-answer";

const at = (iso: string) => new Date(iso);

describe("the final answer of an item (contracts.md §1)", () => {
  it("is the latest submitted adjudication when there is one, whatever the labels' dates", () => {
    const picked = pickFinalAnswer([
      { id: "l1", kind: "label", submittedAt: at("2026-01-03T00:00:00Z") },
      { id: "a1", kind: "adjudication", submittedAt: at("2026-01-01T00:00:00Z") },
      { id: "a2", kind: "adjudication", submittedAt: at("2026-01-02T00:00:00Z") },
    ]);
    expect(picked?.id).toBe("a2");
  });

  it("else the latest submitted label; equal times fall to the larger id, so the choice is stable", () => {
    expect(pickFinalAnswer([
      { id: "l1", kind: "label", submittedAt: at("2026-01-01T00:00:00Z") },
      { id: "l2", kind: "label", submittedAt: at("2026-01-05T00:00:00Z") },
    ])?.id).toBe("l2");
    const tie = [
      { id: "b", kind: "label", submittedAt: at("2026-01-01T00:00:00Z") },
      { id: "c", kind: "label", submittedAt: at("2026-01-01T00:00:00Z") },
    ];
    expect(pickFinalAnswer(tie)?.id).toBe("c");
    expect(pickFinalAnswer([...tie].reverse())?.id).toBe("c");
  });

  it("ignores other kinds and answers null without candidates", () => {
    expect(pickFinalAnswer([{ id: "x", kind: "honeypot", submittedAt: at("2026-01-01T00:00:00Z") }])).toBeNull();
    expect(pickFinalAnswer([])).toBeNull();
  });
});
