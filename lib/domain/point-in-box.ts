// Grounding correctness as in the ScreenSpot-Pro evaluation and the UI-Venus reward:
// a point hits a box with inclusive bounds; a refusal sample (target absent, box null) is
// answered correctly only by the refusal [-1, -1]; an unparseable output is wrong_format.
import { z } from "zod";
import { PointSchema, type Box, type Point } from "@/lib/domain/geometry";

export const PredictionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("point"), point: PointSchema }),
  z.object({ kind: z.literal("refusal") }),
  z.object({ kind: z.literal("wrong_format") }),
]);
export type Prediction = z.infer<typeof PredictionSchema>;

export const JUDGEMENTS = ["correct", "wrong", "wrong_format"] as const;
export type Judgement = (typeof JUDGEMENTS)[number];

export function pointInBox(point: Point, box: Box): boolean {
  const [x, y] = point;
  const [x1, y1, x2, y2] = box;
  return x1 <= x && x <= x2 && y1 <= y && y <= y2;
}

// Models answer "target absent" with the point [-1, -1]; this turns that encoding into the
// refusal it means, so callers need not know the sentinel.
export function parseRefusalPoint(point: Point): Prediction {
  return point[0] === -1 && point[1] === -1 ? { kind: "refusal" } : { kind: "point", point };
}

export function judgePrediction(prediction: Prediction, target: Box | null): Judgement {
  // A point prediction of [-1, -1] is judged as the refusal it encodes, so the outcome does
  // not depend on whether an importer kept the sentinel or decoded it.
  const p = prediction.kind === "point" ? parseRefusalPoint(prediction.point) : prediction;
  switch (p.kind) {
    case "wrong_format":
      return "wrong_format";
    case "refusal":
      return target === null ? "correct" : "wrong";
    case "point":
      if (target === null) return "wrong";
      return pointInBox(p.point, target) ? "correct" : "wrong";
  }
}
