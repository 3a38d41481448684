import { describe, expect, it } from "vitest";
import { wilsonInterval } from "@/lib/domain/wilson";

// Wilson: centre = (p + z^2/2n) / (1 + z^2/n), half = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2)
// z = 1.959964, z^2 = 3.841459
describe("wilsonInterval", () => {
  it("2 of 3", () => {
    // p = 0.666667; z^2/n = 1.280486; denom = 2.280486
    // centre = (0.666667 + 0.640243) / 2.280486 = 0.573084
    // half = 1.959964 / 2.280486 * sqrt(0.074074 + 0.106707) = 0.859449 * 0.425183 = 0.365424
    // -> (0.207660, 0.938508)
    const r = wilsonInterval(2, 3);
    expect(r.rate).toBeCloseTo(2 / 3, 12);
    expect(r.low).toBeCloseTo(0.2077, 4);
    expect(r.high).toBeCloseTo(0.9385, 4);
  });

  it("81 of 263", () => {
    // p = 0.307985; z^2/n = 0.014606; denom = 1.014606
    // centre = (0.307985 + 0.007303) / 1.014606 = 0.310749
    // half = 1.959964 / 1.014606 * sqrt(0.00081038 + 0.00001388) = 1.931748 * 0.028710 = 0.055460
    // -> (0.255289, 0.366210)
    const r = wilsonInterval(81, 263);
    expect(r.low).toBeCloseTo(0.2553, 4);
    expect(r.high).toBeCloseTo(0.3662, 4);
  });

  it("0 of 10 starts at exactly 0 and is not degenerate", () => {
    // p = 0: high = (z^2/n) / (1 + z^2/n) = 0.384146 / 1.384146 = 0.277533
    const r = wilsonInterval(0, 10);
    expect(r.low).toBe(0);
    expect(r.high).toBeCloseTo(0.277533, 6);
  });

  it("n of n ends at exactly 1", () => {
    const r = wilsonInterval(10, 10);
    expect(r.high).toBe(1);
    expect(r.low).toBeCloseTo(1 - 0.277533, 6);
  });

  it("a smaller z narrows the interval", () => {
    // z = 1: denom = 1 + 1/4 = 1.25; centre = (0.5 + 0.125) / 1.25 = 0.5
    // half = 1 / 1.25 * sqrt(0.0625 + 0.015625) = 0.8 * 0.279508 = 0.223607
    const r = wilsonInterval(2, 4, 1);
    expect(r.low).toBeCloseTo(0.276393, 6);
    expect(r.high).toBeCloseTo(0.723607, 6);
  });

  it("throws on n = 0 and impossible counts", () => {
    expect(() => wilsonInterval(0, 0)).toThrow(RangeError);
    expect(() => wilsonInterval(4, 3)).toThrow(/successes/);
    expect(() => wilsonInterval(-1, 3)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 3)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 3, 0)).toThrow(/z/);
  });
});
