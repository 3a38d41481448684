import { describe, expect, it } from "vitest";
import type { Box } from "@/lib/domain/geometry";
import { PredictionSchema, judgePrediction, parseRefusalPoint, pointInBox } from "@/lib/domain/point-in-box";

const box: Box = [10, 20, 30, 40];

describe("pointInBox", () => {
  it("is inclusive on every edge and corner", () => {
    expect(pointInBox([10, 20], box)).toBe(true);
    expect(pointInBox([30, 40], box)).toBe(true);
    expect(pointInBox([10, 40], box)).toBe(true);
    expect(pointInBox([20, 20], box)).toBe(true);
    expect(pointInBox([20, 30], box)).toBe(true);
  });

  it("misses just outside", () => {
    expect(pointInBox([9.999, 30], box)).toBe(false);
    expect(pointInBox([30.001, 30], box)).toBe(false);
    expect(pointInBox([20, 19.999], box)).toBe(false);
    expect(pointInBox([20, 40.001], box)).toBe(false);
  });

  it("a zero-size box is hit only at its point", () => {
    expect(pointInBox([5, 5], [5, 5, 5, 5])).toBe(true);
    expect(pointInBox([5, 5.1], [5, 5, 5, 5])).toBe(false);
  });
});

describe("parseRefusalPoint", () => {
  it("treats exactly [-1, -1] as a refusal", () => {
    expect(parseRefusalPoint([-1, -1])).toEqual({ kind: "refusal" });
    expect(parseRefusalPoint([-1, 0])).toEqual({ kind: "point", point: [-1, 0] });
    expect(parseRefusalPoint([0, 0])).toEqual({ kind: "point", point: [0, 0] });
  });
});

describe("judgePrediction", () => {
  it("judges a point against a box", () => {
    expect(judgePrediction({ kind: "point", point: [30, 40] }, box)).toBe("correct");
    expect(judgePrediction({ kind: "point", point: [31, 40] }, box)).toBe("wrong");
  });

  it("a refusal is correct only on a refusal sample", () => {
    expect(judgePrediction({ kind: "refusal" }, null)).toBe("correct");
    expect(judgePrediction({ kind: "refusal" }, box)).toBe("wrong");
  });

  it("a point on a refusal sample is wrong", () => {
    expect(judgePrediction({ kind: "point", point: [0, 0] }, null)).toBe("wrong");
  });

  it("a [-1, -1] point is judged as the refusal it encodes", () => {
    expect(judgePrediction({ kind: "point", point: [-1, -1] }, null)).toBe("correct");
    expect(judgePrediction({ kind: "point", point: [-1, -1] }, [-5, -5, 5, 5])).toBe("wrong");
  });

  it("wrong_format stays wrong_format whatever the target", () => {
    expect(judgePrediction({ kind: "wrong_format" }, box)).toBe("wrong_format");
    expect(judgePrediction({ kind: "wrong_format" }, null)).toBe("wrong_format");
  });
});

describe("PredictionSchema", () => {
  it("parses each kind and rejects unknown ones", () => {
    expect(PredictionSchema.parse({ kind: "point", point: [1, 2] })).toEqual({ kind: "point", point: [1, 2] });
    expect(PredictionSchema.parse({ kind: "refusal" })).toEqual({ kind: "refusal" });
    expect(PredictionSchema.safeParse({ kind: "point" }).success).toBe(false);
    expect(PredictionSchema.safeParse({ kind: "maybe" }).success).toBe(false);
  });
});
