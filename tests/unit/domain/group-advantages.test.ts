import { describe, expect, it } from "vitest";
import { advantagesInGroup } from "@/lib/domain/group-advantages";

describe("advantagesInGroup", () => {
  it("standardises the counted rewards with the unbiased std, by hand", () => {
    // Rewards 0.9604 and -0.2: mean 0.3802, unbiased std |0.9604 + 0.2| / sqrt(2).
    const std = 1.1604 / Math.SQRT2;
    const result = advantagesInGroup([{ id: "a", reward: 0.9604 }, { id: "b", reward: -0.2 }, { id: "c", reward: null }]);
    expect(result.get("a")!.advantage).toBeCloseTo(0.5802 / (std + 1e-6), 9);
    expect(result.get("b")!.advantage).toBeCloseTo(-0.5802 / (std + 1e-6), 9);
    expect(result.get("a")!.groupSize).toBe(2);
    // Left out by the policy: no advantage, not counted.
    expect(result.get("c")).toEqual({ advantage: null, groupSize: null });
  });

  it("gives a lone counted rollout verl's advantage (its reward / (1 + 1e-6)), and a group with none counted nothing", () => {
    expect(advantagesInGroup([{ id: "a", reward: 1 }, { id: "b", reward: null }]).get("a")).toEqual({ advantage: 1 / 1.000001, groupSize: 1 });
    expect([...advantagesInGroup([{ id: "a", reward: null }]).values()]).toEqual([{ advantage: null, groupSize: null }]);
  });

  it("gives equal rewards advantage 0 (std 0 + epsilon)", () => {
    const result = advantagesInGroup([{ id: "a", reward: 1 }, { id: "b", reward: 1 }]);
    expect(result.get("a")!.advantage).toBe(0);
  });
});
