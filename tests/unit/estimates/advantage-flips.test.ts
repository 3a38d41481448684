import { describe, expect, it } from "vitest";
import { advantageSignFlips, type FlipRollout } from "@/lib/domain/estimates/advantage-flips";

const REWARDS = { eta: 1, invalidActionPenalty: -0.1, advantagePolicy: "verified_only" as const };
const rollout = (id: string, storedOutcome: boolean | null, storedAdvantage: number | null, judged: boolean | null): FlipRollout => ({ id, steps: 1, invalidActions: 0, storedOutcome, storedAdvantage, judged });

describe("advantageSignFlips", () => {
  it("by hand: a group verified (S, F, F, F) that the judge calls (S, S, S, F)", () => {
    // Stored rewards 1 0 0 0: mean .25, std .5 -> A = 1.5, -.5, -.5, -.5
    // Trusted rewards 1 1 1 0: mean .75, std .5 -> A = .5, .5, .5, -1.5: r2 and r3 flip.
    const group = [rollout("r1", true, 1.5, true), rollout("r2", false, -0.5, true), rollout("r3", false, -0.5, true), rollout("r4", false, -0.5, false)];
    expect(advantageSignFlips([group], REWARDS)).toEqual({ groups: 1, compared: 4, flipped: 2, flippedIds: ["r2", "r3"] });
  });

  it("keeps the stored outcome where the judge said nothing, and compares only rollouts with an advantage", () => {
    // r3 was left out (unverified): no stored advantage to flip, but the judge brings it into the group.
    const group = [rollout("r1", true, 0.7, null), rollout("r2", false, -0.7, null), rollout("r3", null, null, true)];
    const flips = advantageSignFlips([group], REWARDS);
    expect(flips.compared).toBe(2);
    // Trusted rewards 1 0 1: r1 stays positive, r2 negative.
    expect(flips.flipped).toBe(0);
  });
});
