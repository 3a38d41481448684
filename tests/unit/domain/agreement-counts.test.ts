// Kappa from aggregated counts (what the dashboard gets from SQL), checked against published
// worked examples and against the list-based functions on the same data.
import { describe, expect, it } from "vitest";
import { cohensKappaFromMatrix, fleissKappa, fleissKappaFromTotals } from "@/lib/domain/agreement";

describe("cohensKappaFromMatrix", () => {
  it("matches Wikipedia's worked example (kappa = 0.4)", () => {
    // yes/yes 20, yes/no 5, no/yes 10, no/no 15: p_o = 0.7, p_e = 0.5*0.6 + 0.5*0.4 = 0.5
    expect(cohensKappaFromMatrix([[20, 5], [10, 15]])).toBeCloseTo(0.4, 12);
  });

  it("matches Wikipedia's two tables with the same p_o = 0.6 but different kappas", () => {
    // a=45 b=15 c=25 d=15: p_e = .6*.7 + .4*.3 = 0.54 -> (0.6 - 0.54) / 0.46 = 0.1304
    expect(cohensKappaFromMatrix([[45, 15], [25, 15]])).toBeCloseTo(0.06 / 0.46, 12);
    expect(cohensKappaFromMatrix([[45, 15], [25, 15]])).toBeCloseTo(0.1304, 4);
    // a=25 b=35 c=5 d=35: p_e = .6*.3 + .4*.7 = 0.46 -> (0.6 - 0.46) / 0.54 = 0.2593
    expect(cohensKappaFromMatrix([[25, 35], [5, 35]])).toBeCloseTo(0.14 / 0.54, 12);
    expect(cohensKappaFromMatrix([[25, 35], [5, 35]])).toBeCloseTo(0.2593, 4);
  });

  it("handles three categories, and one used category (p_e = 1) as perfect agreement", () => {
    // n = 10, diagonal 6 -> p_o = 0.6; rows (4, 3, 3), columns (3, 4, 3):
    // p_e = (4*3 + 3*4 + 3*3) / 100 = 0.33 -> (0.6 - 0.33) / 0.67
    expect(cohensKappaFromMatrix([[2, 1, 1], [1, 2, 0], [0, 1, 2]])).toBeCloseTo(0.27 / 0.67, 12);
    expect(cohensKappaFromMatrix([[5, 0], [0, 0]])).toBe(1);
  });

  it("refuses empty tables, ragged rows and negative counts", () => {
    expect(() => cohensKappaFromMatrix([[0, 0], [0, 0]])).toThrow(/no items/);
    expect(() => cohensKappaFromMatrix([[1, 2], [3]])).toThrow(/row 1/);
    expect(() => cohensKappaFromMatrix([[1, -1], [0, 1]])).toThrow(/>= 0/);
  });
});

describe("fleissKappaFromTotals", () => {
  // Fleiss (1971) as reproduced on Wikipedia: 10 subjects, 14 raters, 5 categories.
  const counts = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
  ];
  const categories = [0, 1, 2, 3, 4].map((j) => ({
    total: counts.reduce((s, row) => s + row[j]!, 0),
    squares: counts.reduce((s, row) => s + row[j]! ** 2, 0),
  }));

  it("matches the worked example (kappa = 0.210) from column totals and squares", () => {
    // totals 20, 28, 39, 21, 32; squares 102, 124, 243, 69, 290 (sum 828):
    // P-bar = (828 - 140) / (140 * 13) = 0.378022; P_e = 0.212755 -> 0.209931
    expect(categories.map((c) => c.total)).toEqual([20, 28, 39, 21, 32]);
    expect(categories.map((c) => c.squares)).toEqual([102, 124, 243, 69, 290]);
    expect(fleissKappaFromTotals({ raters: 14, categories })).toBeCloseTo(4211 / 20059, 12);
    const ratings = counts.map((row) => row.flatMap((n, j) => Array<string>(n).fill(`c${j}`)));
    expect(fleissKappaFromTotals({ raters: 14, categories })).toBeCloseTo(fleissKappa(ratings), 12);
  });

  it("is 1 for one category and refuses what cannot be subjects of n raters", () => {
    expect(fleissKappaFromTotals({ raters: 3, categories: [{ total: 6, squares: 18 }] })).toBe(1);
    expect(() => fleissKappaFromTotals({ raters: 1, categories: [{ total: 2, squares: 2 }] })).toThrow(/at least 2/);
    expect(() => fleissKappaFromTotals({ raters: 3, categories: [{ total: 4, squares: 8 }] })).toThrow(/do not split/);
    expect(() => fleissKappaFromTotals({ raters: 3, categories: [] })).toThrow(/no items/);
  });
});
