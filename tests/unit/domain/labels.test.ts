import { describe, expect, it } from "vitest";
import {
  GroundingAnnotationSchema,
  StepLabelSchema,
  TraceVerdictSchema,
  TrajectoryAnnotationSchema,
  stepAccuracy,
  stepLabelJudgement,
  storedStepLabels,
  traceAccuracy,
} from "@/lib/domain/labels";

describe("StepLabelSchema", () => {
  it("accepts a label with an error kind and a corrected action", () => {
    const parsed = StepLabelSchema.parse({
      stepIndex: 3,
      label: "incorrect",
      errorKind: "wrong_element",
      correctedAction: { type: "click", x: 10, y: 20 },
    });
    expect(parsed.correctedAction).toEqual({ type: "click", x: 10, y: 20 });
  });

  it("rejects negative or fractional indices, unknown labels and kinds, invalid corrections", () => {
    expect(StepLabelSchema.safeParse({ stepIndex: -1, label: "correct" }).success).toBe(false);
    expect(StepLabelSchema.safeParse({ stepIndex: 1.5, label: "correct" }).success).toBe(false);
    expect(StepLabelSchema.safeParse({ stepIndex: 0, label: "maybe" }).success).toBe(false);
    expect(StepLabelSchema.safeParse({ stepIndex: 0, label: "incorrect", errorKind: "typo" }).success).toBe(false);
    expect(StepLabelSchema.safeParse({ stepIndex: 0, label: "incorrect", correctedAction: { type: "click" } }).success).toBe(false);
  });
});

describe("TrajectoryAnnotationSchema", () => {
  it("parses a full annotation", () => {
    const parsed = TrajectoryAnnotationSchema.parse({
      traceVerdict: "failure",
      firstWrongStep: 1,
      steps: [
        { stepIndex: 0, label: "correct" },
        { stepIndex: 1, label: "incorrect", errorKind: "premature_finish" },
      ],
    });
    expect(parsed.steps).toHaveLength(2);
    expect(TraceVerdictSchema.safeParse("unsure").success).toBe(true);
  });

  it("rejects two labels for the same step", () => {
    const result = TrajectoryAnnotationSchema.safeParse({
      steps: [
        { stepIndex: 0, label: "correct" },
        { stepIndex: 0, label: "incorrect" },
      ],
    });
    expect(result.success).toBe(false);
  });
});

describe("GroundingAnnotationSchema", () => {
  it("box null means target absent, and box is required", () => {
    expect(GroundingAnnotationSchema.parse({ box: null })).toEqual({ box: null });
    expect(GroundingAnnotationSchema.safeParse({}).success).toBe(false);
    expect(GroundingAnnotationSchema.safeParse({ box: [5, 5, 1, 1] }).success).toBe(false);
  });

  it("bounds the quality score to 0..10", () => {
    expect(GroundingAnnotationSchema.safeParse({ box: [0, 0, 1, 1], qualityScore: 10 }).success).toBe(true);
    expect(GroundingAnnotationSchema.safeParse({ box: [0, 0, 1, 1], qualityScore: 10.5 }).success).toBe(false);
    expect(GroundingAnnotationSchema.safeParse({ box: [0, 0, 1, 1], qualityScore: -1 }).success).toBe(false);
  });
});

describe("stepAccuracy", () => {
  it("is correct / (correct + incorrect), unsure left out", () => {
    // 2 correct, 1 incorrect, 1 unsure: 2 / 3
    expect(stepAccuracy(["correct", "incorrect", "unsure", "correct"])).toBeCloseTo(2 / 3, 12);
    expect(stepAccuracy(["incorrect", "incorrect"])).toBe(0);
  });

  it("is null when nothing was decided", () => {
    expect(stepAccuracy([])).toBeNull();
    expect(stepAccuracy(["unsure", "unsure"])).toBeNull();
  });
});

describe("traceAccuracy", () => {
  it("is success / (success + failure), unsure left out", () => {
    // 1 success, 2 failures, 1 unsure: 1 / 3
    expect(traceAccuracy(["success", "failure", "failure", "unsure"])).toBeCloseTo(1 / 3, 12);
  });

  it("is null when nothing was decided", () => {
    expect(traceAccuracy([])).toBeNull();
    expect(traceAccuracy(["unsure"])).toBeNull();
  });
});

describe("stepLabelJudgement", () => {
  it("reads correct as yes and incorrect as no, a wasted step included, and nothing else", () => {
    expect(stepLabelJudgement({ label: "correct" })).toBe(true);
    expect(stepLabelJudgement({ label: "incorrect" })).toBe(false);
    expect(stepLabelJudgement({ label: "incorrect", errorKind: "redundant" })).toBe(false);
    expect(stepLabelJudgement({ label: "incorrect", errorKind: "no_effect" })).toBe(false);
    expect(stepLabelJudgement({ label: "incorrect", errorKind: "env_issue" })).toBeNull();
    expect(stepLabelJudgement({ label: "unsure" })).toBeNull();
  });
});

describe("storedStepLabels", () => {
  it("reads stored labels, and nothing from what does not parse", () => {
    expect(storedStepLabels([{ stepIndex: 1, label: "correct" }])).toEqual([{ stepIndex: 1, label: "correct" }]);
    expect(storedStepLabels(null)).toEqual([]);
    expect(storedStepLabels([{ stepIndex: -1, label: "maybe" }])).toEqual([]);
  });
});
