import { describe, expect, it } from "vitest";
import { drawOrder } from "@/lib/domain/estimates/draw-order";
import { scoreEdges, stratumOf } from "@/lib/domain/estimates/strata";
import { taskKeyOf } from "@/lib/domain/estimates/task-key";

const units = (run: string, count: number) => Array.from({ length: count }, (_, i) => ({ id: `${run}-id-${i}`, taskKey: `task-${i}`, sourceId: `${run}/task-${i}` }));

describe("drawOrder", () => {
  it("is the same for the same seed, whatever order the episodes come in, and another for another seed", () => {
    const a = drawOrder("s1", units("r", 50)).map((u) => u.id);
    expect(drawOrder("s1", [...units("r", 50)].reverse()).map((u) => u.id)).toEqual(a);
    expect(drawOrder("s2", units("r", 50)).map((u) => u.id)).not.toEqual(a);
  });

  it("draws the same tasks first in two runs over the same tasks with the same seed", () => {
    const first = drawOrder("paired", units("ckpt-1", 40)).map((u) => u.taskKey);
    const second = drawOrder("paired", units("ckpt-2", 40)).map((u) => u.taskKey);
    expect(second).toEqual(first);
  });

  it("puts every episode first about equally often over seeds (a uniform draw)", () => {
    // 10 episodes, 5,000 seeds: each is first with probability 0.1, sd sqrt(.1 * .9 * 5000) = 21.2 of 500.
    const counts = new Map<string, number>();
    for (let s = 0; s < 5_000; s++) {
      const first = drawOrder(`seed-${s}`, units("r", 10))[0]!.id;
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    for (const count of counts.values()) expect(Math.abs(count - 500)).toBeLessThan(5 * 21.2);
    expect(counts.size).toBe(10);
  });

  it("needs a seed", () => {
    expect(() => drawOrder("", units("r", 2))).toThrow(RangeError);
  });
});

describe("strata", () => {
  it("cut judge scores at their tertiles", () => {
    expect(scoreEdges([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([4, 7]);
    expect(scoreEdges([5, 5])).toBeNull();
    const edges = scoreEdges([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(stratumOf("automatic_score", true, 3, edges)).toEqual({ key: "auto:success|score:low", label: "automatic success · judge score < 4" });
    expect(stratumOf("automatic_score", false, 4, edges).key).toBe("auto:failure|score:mid");
    expect(stratumOf("automatic_score", null, 9, edges).key).toBe("auto:none|score:high");
    expect(stratumOf("automatic_score", true, null, edges).key).toBe("auto:success|score:none");
    expect(stratumOf("automatic", false, 9, edges)).toEqual({ key: "auto:failure", label: "automatic failure" });
    expect(stratumOf("uniform", true, 9, edges).key).toBe("all");
  });
});

describe("taskKeyOf", () => {
  it("is the episode id without its run's name in front, or the goal", () => {
    expect(taskKeyOf({ sourceId: "ckpt-100/quark_3", goal: "x" }, "ckpt-100")).toBe("quark_3");
    expect(taskKeyOf({ sourceId: "quark_3", goal: "x" }, "ckpt-100")).toBe("quark_3");
    expect(taskKeyOf({ sourceId: "a", goal: "  Add   Quito " }, "r", "goal")).toBe("add quito");
  });
});
