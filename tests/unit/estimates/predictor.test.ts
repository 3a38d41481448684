// The predictor of a sampled estimate: its key (two judges never share one), f for each
// episode (the automatic outcome, or the chosen judge's own value; none is f = 0, and counted),
// and a requested key read only against the offered ones.
import { describe, expect, it } from "vitest";
import { AUTOMATIC_PREDICTOR, predictedOutcome, predictorChoiceSchema, predictorKey, predictorValue, type PredictorOption } from "@/lib/domain/estimates/predictor";
import { sampleEstimate } from "@/lib/domain/estimates/sample-estimate";

const judge = (judgeName: string, promptVersion: string | null) => ({ kind: "judge" as const, judgeName, promptVersion });

describe("predictor keys", () => {
  it("name the automatic outcome and each judge and prompt version, unambiguously", () => {
    expect(predictorKey({ kind: "automatic" })).toBe("automatic");
    expect(predictorKey(judge("judge-72b", "trace-v3"))).toBe("judge:judge-72b/trace-v3");
    expect(predictorKey(judge("ui-venus", "ui-venus-15-outcome-judge@v1"))).toBe("judge:ui-venus/ui-venus-15-outcome-judge%40v1");
    expect(predictorKey(judge("judge-72b", null))).toBe("judge:judge-72b");
    // A "/" or ":" inside a name or version cannot make two judges one.
    const keys = [judge("a/b", "c"), judge("a", "b/c"), judge("a:b", null), judge("a", null), judge("a", "")].map(predictorKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("f per episode", () => {
  const values = new Map([["t1", true], ["t2", false]]);
  it("is the stored automatic outcome, or the judge's own value, null where the judge gave none", () => {
    expect(predictedOutcome({ kind: "automatic" }, { id: "t1", autoOutcome: false }, values)).toBe(false);
    expect(predictedOutcome({ kind: "automatic" }, { id: "t3", autoOutcome: null }, values)).toBeNull();
    expect(predictedOutcome(judge("j", "v"), { id: "t1", autoOutcome: false }, values)).toBe(true);
    expect(predictedOutcome(judge("j", "v"), { id: "t2", autoOutcome: true }, values)).toBe(false);
    expect(predictedOutcome(judge("j", "v"), { id: "t3", autoOutcome: true }, values)).toBeNull();
    expect([true, false, null].map(predictorValue)).toEqual([1, 0, 0]);
  });

  it("counts as 0 in the estimate where there is none, and the episodes without one are counted", () => {
    const episodes = [
      { id: "t1", autoOutcome: false, human: true },
      { id: "t2", autoOutcome: true, human: false },
      { id: "t3", autoOutcome: true, human: true },
      { id: "t4", autoOutcome: false, human: null },
    ];
    const units = episodes.map((e) => ({ stratumKey: "all", drawn: e.human !== null, automatic: predictedOutcome(judge("j", "v"), e, values), human: e.human }));
    const estimate = sampleEstimate(units, ["all"]);
    expect(estimate.counts).toMatchObject({ population: 4, automaticSuccesses: 1, automaticNone: 2 });
    // f = (1, 0, 0, 0): the mean of f is 1/4, and the correction the mean of y - f over the verified, (0 + 0 + 1) / 3.
    expect(estimate.ppi.ok && estimate.ppi.estimate.automaticRate).toBe(0.25);
    expect(estimate.ppi.ok && estimate.ppi.estimate.estimate).toBeCloseTo(0.25 + 1 / 3, 12);
  });
});

describe("a requested predictor", () => {
  const options: PredictorOption[] = [AUTOMATIC_PREDICTOR, { key: "judge:judge-72b/trace-v3", predictor: judge("judge-72b", "trace-v3"), judged: 120 }];
  const schema = predictorChoiceSchema(options);
  it("is the automatic outcome when absent, an offered option by its key, and refused otherwise", () => {
    expect(schema.parse(undefined)).toBe(AUTOMATIC_PREDICTOR);
    expect(schema.parse("automatic")).toBe(AUTOMATIC_PREDICTOR);
    expect(schema.parse("judge:judge-72b/trace-v3")).toBe(options[1]);
    for (const bad of ["judge:judge-72b/trace-v4", "judge:judge-72b", "", ["automatic", "automatic"], 3]) {
      const parsed = schema.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toContain("automatic, judge:judge-72b/trace-v3");
    }
  });
});
