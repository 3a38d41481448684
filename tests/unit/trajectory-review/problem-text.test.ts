import { describe, expect, it } from "vitest";
import { problemText } from "@/components/trajectory-review/problem-text";
import { summarizeTrajectoryAnswer } from "@/components/trajectory-review/answer-summary";
import { translator } from "@/lib/i18n/translate";
import { trajectoryProblem, trajectoryProblemOf, type TrajectoryPayload } from "@/lib/domain/trajectory-payload";

const base: TrajectoryPayload = { traceVerdict: "failure", firstWrongStep: null, steps: [], note: null };
const CASES: [string, TrajectoryPayload][] = [
  ["no verdict", { ...base, traceVerdict: null }],
  ["unmet sub-goals", { ...base, traceVerdict: "success", subGoals: [{ key: "2", met: false }, { key: "3", met: false }] }],
  ["a step past the end", { ...base, steps: [{ stepIndex: 9, label: "correct" }] }],
  ["first wrong past the end", { ...base, firstWrongStep: 7 }],
  ["an earlier incorrect step", { ...base, firstWrongStep: 2, steps: [{ stepIndex: 0, label: "incorrect" }] }],
  ["a first wrong step labelled correct", { ...base, firstWrongStep: 1, steps: [{ stepIndex: 1, label: "correct" }] }],
];

describe("why a trajectory answer cannot be submitted", () => {
  it("reads in English on the screen exactly as the server says it, and in Chinese without English words", () => {
    const en = translator("en");
    const zh = translator("zh-CN");
    for (const [name, payload] of CASES) {
      const problem = trajectoryProblemOf(payload, 3);
      expect(problem, name).not.toBeNull();
      expect(problemText(en, problem), name).toBe(trajectoryProblem(payload, 3));
      expect(problemText(zh, problem), name).not.toMatch(/[a-z]{3,}/);
    }
    expect(problemText(en, trajectoryProblemOf(base, 3))).toBeNull();
  });

  it("summarises another save in the reader's language", () => {
    const payload: TrajectoryPayload = { ...base, firstWrongStep: 1, steps: [{ stepIndex: 0, label: "correct" }, { stepIndex: 1, label: "incorrect" }] };
    expect(summarizeTrajectoryAnswer(translator("en"), payload)).toBe("trace failure, 1 correct / 1 incorrect / 0 unsure steps, first wrong step 2");
    expect(summarizeTrajectoryAnswer(translator("zh-CN"), { ...payload, firstWrongStep: null })).toBe("轨迹失败，正确 1 步 / 错误 1 步 / 不确定 0 步");
  });
});
