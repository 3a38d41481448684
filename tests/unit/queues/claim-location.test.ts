import { describe, expect, it } from "vitest";
import { claimLocation } from "@/lib/queues/claim-location";

const claim = { claimId: "c1", queueItemId: "qi1", sampleId: null, trajectoryId: null, verdictId: null };

describe("claimLocation", () => {
  it("opens samples and trajectories on their review pages in queue mode", () => {
    expect(claimLocation("demo", "q1", { ...claim, sampleId: "s1" })).toBe("/projects/demo/samples/s1?claim=c1&queue=q1");
    expect(claimLocation("demo", "q1", { ...claim, trajectoryId: "t1" })).toBe("/projects/demo/trajectories/t1?claim=c1&queue=q1");
  });

  it("opens a judge disagreement on the triage page, whatever item it is about (contract 2)", () => {
    expect(claimLocation("demo", "q1", { ...claim, sampleId: "s1", verdictId: "v1" })).toBe("/projects/demo/triage/qi1?claim=c1&queue=q1");
  });
});
