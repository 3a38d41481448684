import { describe, expect, it } from "vitest";
import { honeypotCount, honeypotPriorities } from "@/lib/domain/honeypot-mix";

describe("honeypotCount", () => {
  it("makes honeypots the rate's share of all items", () => {
    expect(honeypotCount(95, 0.05)).toBe(5); // 5 of 100
    expect(honeypotCount(12, 0.2)).toBe(3); // 3 of 15
    expect(honeypotCount(10, 0)).toBe(0);
    expect(honeypotCount(0, 0.5)).toBe(0);
    expect(honeypotCount(1, 0.05)).toBe(0);
  });

  it("refuses a rate of 1 or more and a fractional item count", () => {
    expect(() => honeypotCount(10, 1)).toThrow(RangeError);
    expect(() => honeypotCount(10, -0.1)).toThrow(RangeError);
    expect(() => honeypotCount(1.5, 0.1)).toThrow(RangeError);
  });
});

describe("honeypotPriorities", () => {
  it("slots each honeypot just before an evenly spaced real item", () => {
    // Real items at 0, -1, ..., -11; honeypots before items 2, 6 and 10.
    expect(honeypotPriorities(12, 3)).toEqual([-1.5, -5.5, -9.5]);
    expect(honeypotPriorities(1, 1)).toEqual([0.5]);
    expect(honeypotPriorities(5, 0)).toEqual([]);
  });

  it("never puts two honeypots on one slot while there are more real items than honeypots", () => {
    for (let real = 1; real <= 40; real++) {
      for (let count = 1; count <= real; count++) {
        expect(new Set(honeypotPriorities(real, count)).size).toBe(count);
      }
    }
  });
});
