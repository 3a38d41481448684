import { describe, expect, it } from "vitest";
import { stepAccuracyInterval } from "@/lib/domain/estimates/ratio-interval";

describe("stepAccuracyInterval (episodes as clusters of steps)", () => {
  it("by hand", () => {
    // (correct, labelled): (3,4) (2,2) (0,3) (5,5): r = 10/14 = 0.714286
    // c - r l: 0.142857, 0.571429, -2.142857, 1.428571; squares sum 6.979592
    // m = 4, lbar = 3.5: V = 6.979592 / (4 * 3 * 12.25) = 0.0474802, half = 1.959964 * 0.217900 = 0.427077
    const r = stepAccuracyInterval([{ correct: 3, labelled: 4 }, { correct: 2, labelled: 2 }, { correct: 0, labelled: 3 }, { correct: 5, labelled: 5 }])!;
    expect(r.value).toBeCloseTo(10 / 14, 12);
    expect(r.low!).toBeCloseTo(0.714286 - 0.427077, 5);
    expect(r.high).toBe(1);
    expect(r).toMatchObject({ episodes: 4, steps: 14 });
  });

  it("is wider than a binomial interval over steps when episodes differ", () => {
    const clustered = stepAccuracyInterval([{ correct: 10, labelled: 10 }, { correct: 0, labelled: 10 }, { correct: 10, labelled: 10 }, { correct: 0, labelled: 10 }])!;
    // Binomial over 40 steps at 0.5: half-width 1.96 * sqrt(.25 / 40) = 0.155; the clusters give 0.49.
    expect(clustered.high! - clustered.value).toBeGreaterThan(0.4);
  });

  it("leaves out episodes without labelled steps, and has no interval from one episode", () => {
    expect(stepAccuracyInterval([{ correct: 0, labelled: 0 }])).toBeNull();
    expect(stepAccuracyInterval([{ correct: 2, labelled: 3 }, { correct: 0, labelled: 0 }])).toEqual({ value: 2 / 3, low: null, high: null, episodes: 1, steps: 3 });
    expect(() => stepAccuracyInterval([{ correct: 4, labelled: 3 }])).toThrow(RangeError);
  });
});
