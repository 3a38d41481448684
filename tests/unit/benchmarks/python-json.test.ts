// Numbers written back in Python's shape: Python 3's repr(float) and json.dumps, checked on
// values whose text differs from JavaScript's (1.0 vs 1, 1e-05 vs 0.00001, 1e+16 vs 10000000000000000).
import { describe, expect, it } from "vitest";
import { pyDiv, pyFloat, pyFloatRepr, pyInt, pyJsonDumps, pySum } from "@/lib/domain/python-json";

describe("repr(float)", () => {
  it.each([
    [1, "1.0"], [0.75, "0.75"], [2 / 3, "0.6666666666666666"], [1 - 1 / 3, "0.6666666666666667"], [100, "100.0"],
    [1e-5, "1e-05"], [0.0001, "0.0001"], [1.5e-7, "1.5e-07"], [1e16, "1e+16"], [123456789012345680, "1.2345678901234568e+17"],
    [1e15, "1000000000000000.0"], [-2.5, "-2.5"], [0, "0.0"], [-0, "-0.0"], [Number.NaN, "NaN"], [Infinity, "Infinity"],
  ])("%s -> %s", (value, text) => {
    expect(pyFloatRepr(value)).toBe(text);
  });
});

describe("Python arithmetic types", () => {
  it("sum keeps ints until a float joins; true division is a float", () => {
    expect(pySum([pyInt(1), pyInt(1)])).toEqual(pyInt(2));
    expect(pySum([pyInt(1), pyFloat(0), pyInt(1)])).toEqual(pyFloat(2));
    expect(pySum([])).toEqual(pyInt(0));
    expect(pyDiv(pyInt(3), pyInt(3))).toEqual(pyFloat(1));
    expect(() => pyDiv(pyInt(1), pyInt(0))).toThrow("division by zero");
  });

  it("json.dumps: separators, key order kept, non-ASCII raw", () => {
    expect(pyJsonDumps({ entries: [["judge_page", true], ["1", false], ["task", "壁纸 \"x\""], ["RRR", null], ["n", pyFloat(2)], ["k", pyInt(2)], ["l", [pyInt(1), pyFloat(0.5)]]] })).toBe(
      '{"judge_page": true, "1": false, "task": "壁纸 \\"x\\"", "RRR": null, "n": 2.0, "k": 2, "l": [1, 0.5]}',
    );
  });
});
