import { describe, expect, it } from "vitest";
import { newcombePaired } from "@/lib/domain/estimates/paired-proportions";

describe("newcombePaired (Newcombe 1998, method 10)", () => {
  it("reproduces the published worked example: Cavo et al. 2012 in Fagerland, Lydersen & Laake (2017), ch. 8", () => {
    // Complete response before (rows) and after (columns) consolidation therapy: 59 6 / 16 80.
    // The book (and its R package contingencytables, tests/testthat/test-ch8.R):
    // estimate = -0.0621 (95% CI -0.1186 to -0.0046).
    const r = newcombePaired({ both: 59, onlyFirst: 6, onlySecond: 16, neither: 80 })!;
    expect(r.n).toBe(161);
    expect(r.difference).toBeCloseTo(-0.0621, 4);
    expect(r.low).toBeCloseTo(-0.1186, 4);
    expect(r.high).toBeCloseTo(-0.0046, 4);
  });

  it("by hand: no correlation left after the n/2 correction, so the arms are the two Wilson arms squared and added", () => {
    // a=2 b=3 c=1 d=4, n=10: ad - bc = 8 - 3 = 5 = n/2 -> phi = 0.
    // p1 = 0.5: Wilson(5, 10) = (0.236593, 0.763407); p2 = 0.3: Wilson(3, 10) = (0.107789, 0.603222)
    // low = 0.2 - sqrt((0.5 - 0.236593)^2 + (0.603222 - 0.3)^2) = 0.2 - sqrt(0.069383 + 0.091944) = 0.2 - 0.401655 = -0.201655
    // high = 0.2 + sqrt((0.763407 - 0.5)^2 + (0.3 - 0.107789)^2) = 0.2 + sqrt(0.069383 + 0.036945) = 0.2 + 0.326080 = 0.526080
    const r = newcombePaired({ both: 2, onlyFirst: 3, onlySecond: 1, neither: 4 })!;
    expect(r.difference).toBeCloseTo(0.2, 12);
    expect(r.low).toBeCloseTo(-0.201655, 5);
    expect(r.high).toBeCloseTo(0.52608, 5);
  });

  it("narrows with positive correlation: 40 concordant pairs tighten the same 3 vs 1 discordant ones", () => {
    const loose = newcombePaired({ both: 2, onlyFirst: 3, onlySecond: 1, neither: 4 })!;
    const tight = newcombePaired({ both: 20, onlyFirst: 3, onlySecond: 1, neither: 20 })!;
    expect(tight.high - tight.low).toBeLessThan(loose.high - loose.low);
  });

  it("is 0 with an interval around it when the discordant pairs balance, and null without pairs", () => {
    const r = newcombePaired({ both: 10, onlyFirst: 4, onlySecond: 4, neither: 10 })!;
    expect(r.difference).toBe(0);
    expect(r.low).toBeLessThan(0);
    expect(r.high).toBeGreaterThan(0);
    expect(newcombePaired({ both: 0, onlyFirst: 0, onlySecond: 0, neither: 0 })).toBeNull();
    expect(() => newcombePaired({ both: -1, onlyFirst: 0, onlySecond: 0, neither: 0 })).toThrow(RangeError);
  });
});
