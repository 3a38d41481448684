import { describe, expect, it } from "vitest";
import {
  boxesAgree,
  cohensKappa,
  confusionMatrix,
  fleissKappa,
  meanIou,
  pointInBoxAgreement,
} from "@/lib/domain/agreement";
import type { Box } from "@/lib/domain/geometry";

function repeat(pairs: [string, string, number][]): [string[], string[]] {
  const a: string[] = [];
  const b: string[] = [];
  for (const [va, vb, n] of pairs) {
    for (let i = 0; i < n; i += 1) {
      a.push(va);
      b.push(vb);
    }
  }
  return [a, b];
}

describe("cohensKappa", () => {
  it("matches Wikipedia's worked example (kappa = 0.4)", () => {
    // 50 items: yes/yes 20, yes/no 5, no/yes 10, no/no 15
    // p_o = (20 + 15) / 50 = 0.7; A says yes 25/50 = 0.5, B says yes 30/50 = 0.6
    // p_e = 0.5 * 0.6 + 0.5 * 0.4 = 0.5; kappa = (0.7 - 0.5) / (1 - 0.5) = 0.4
    const [a, b] = repeat([
      ["yes", "yes", 20],
      ["yes", "no", 5],
      ["no", "yes", 10],
      ["no", "no", 15],
    ]);
    expect(cohensKappa(a, b)).toBeCloseTo(0.4, 12);
  });

  it("is -1 for systematic disagreement and 1 for perfect agreement", () => {
    // p_o = 0, p_e = 0.5 * 0.5 + 0.5 * 0.5 = 0.5 -> -0.5 / 0.5 = -1
    expect(cohensKappa(["x", "y"], ["y", "x"])).toBe(-1);
    expect(cohensKappa(["x", "y", "x"], ["x", "y", "x"])).toBe(1);
  });

  it("is 1 when both raters used a single category (p_e = 1)", () => {
    expect(cohensKappa(["a", "a", "a"], ["a", "a", "a"])).toBe(1);
  });

  it("throws on different lengths and on no items", () => {
    expect(() => cohensKappa(["a"], ["a", "b"])).toThrow(RangeError);
    expect(() => cohensKappa([], [])).toThrow(RangeError);
  });
});

describe("fleissKappa", () => {
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
  const ratings = counts.map((row) => row.flatMap((n, j) => Array<string>(n).fill(`c${j + 1}`)));

  it("matches the worked example (kappa = 0.210)", () => {
    // P_i = (sum_j n_ij^2 - 14) / (14 * 13); e.g. row 2: (4+36+16+4 - 14)/182 = 46/182 = 0.253
    // P-bar = 3.78022 / 10 = 0.378022
    // p_j = column sums / 140 = 20, 28, 39, 21, 32 / 140 = 0.143, 0.200, 0.279, 0.150, 0.229
    // P_e = sum p_j^2 = 0.212755
    // kappa = (0.378022 - 0.212755) / (1 - 0.212755) = 4211 / 20059 = 0.209931
    expect(ratings.every((r) => r.length === 14)).toBe(true);
    expect(fleissKappa(ratings)).toBeCloseTo(4211 / 20059, 12);
    expect(fleissKappa(ratings)).toBeCloseTo(0.21, 2);
  });

  it("is 1 when every rating is the same category", () => {
    expect(fleissKappa([["a", "a"], ["a", "a"]])).toBe(1);
  });

  it("two raters: equals 1 on full agreement across categories", () => {
    // P-bar = 1, p = (0.5, 0.5), P_e = 0.5 -> (1 - 0.5) / 0.5 = 1
    expect(fleissKappa([["a", "a"], ["b", "b"]])).toBe(1);
  });

  it("throws on no items, fewer than 2 raters, or uneven raters", () => {
    expect(() => fleissKappa([])).toThrow(RangeError);
    expect(() => fleissKappa([["a"], ["b"]])).toThrow(/at least 2/);
    expect(() => fleissKappa([["a", "b"], ["a", "b", "c"]])).toThrow(/item 1 has 3/);
  });
});

describe("confusionMatrix", () => {
  it("counts rows for rater a and columns for rater b, labels sorted", () => {
    // a=f: b=f twice -> [2, 0]; a=s: b=s once, b=f once -> [1, 1]
    expect(confusionMatrix(["s", "s", "f", "f"], ["s", "f", "f", "f"])).toEqual({
      labels: ["f", "s"],
      matrix: [
        [2, 0],
        [1, 1],
      ],
    });
  });

  it("uses a given label order, keeping unused categories", () => {
    expect(confusionMatrix(["success"], ["failure"], ["success", "failure", "unsure"])).toEqual({
      labels: ["success", "failure", "unsure"],
      matrix: [
        [0, 1, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
    });
  });

  it("throws on unknown labels and different lengths", () => {
    expect(() => confusionMatrix(["x"], ["y"], ["x"])).toThrow(/"y"/);
    expect(() => confusionMatrix(["x"], [])).toThrow(RangeError);
  });
});

describe("box agreement", () => {
  const a: Box = [0, 0, 10, 10];
  const b: Box = [5, 5, 15, 15];

  it("meanIou averages pairwise IoU", () => {
    // IoU(a, b) = 25 / 175 = 1/7; IoU(a, a) = 1; mean = (1/7 + 1) / 2 = 4/7
    expect(meanIou([
      [a, b],
      [a, a],
    ])).toBeCloseTo(4 / 7, 12);
    expect(() => meanIou([])).toThrow(RangeError);
  });

  it("boxesAgree applies the IoU threshold and refusal semantics", () => {
    expect(boxesAgree(a, b, 0.5)).toBe(false);
    expect(boxesAgree(a, b, 1 / 7)).toBe(true);
    expect(boxesAgree(null, null, 0.5)).toBe(true);
    expect(boxesAgree(null, a, 0.5)).toBe(false);
    expect(() => boxesAgree(a, b, 2)).toThrow(RangeError);
  });

  it("pointInBoxAgreement needs each centre inside the other box", () => {
    const big: Box = [0, 0, 100, 100];
    const centred: Box = [40, 40, 60, 60]; // centres (50,50) and (50,50): both inside
    const corner: Box = [0, 0, 20, 20]; // centre (10,10) inside big, (50,50) not inside corner
    // agree, disagree, agree, disagree -> 2 / 4
    expect(
      pointInBoxAgreement([
        [null, null],
        [null, big],
        [big, centred],
        [big, corner],
      ]),
    ).toBe(0.5);
    // inclusive: centre of [0,0,20,20] is (10,10), on the corner of [10,10,30,30] and vice versa (20,20)
    expect(pointInBoxAgreement([[[0, 0, 20, 20], [10, 10, 30, 30]]])).toBe(1);
    expect(() => pointInBoxAgreement([])).toThrow(RangeError);
  });
});
