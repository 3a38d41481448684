// What a reviewer saves for a trajectory: a label per step (correct / incorrect / unsure, an
// error kind, a corrected action), the trace verdict, the first wrong step, and the verdict on
// each sub-goal the benchmark's evaluator checked (AndroidLab's result keys "1", "2", ...:
// met or not; a key left out keeps the evaluator's value). Drafts may be partial; a submitted
// answer needs a trace verdict.
import { z } from "zod";
import { isWrongStep, StepLabelSchema, TraceVerdictSchema } from "@/lib/domain/labels";

export const SubGoalVerdictSchema = z.object({ key: z.string().min(1).max(100), met: z.boolean() }).strict();
export type SubGoalVerdict = z.infer<typeof SubGoalVerdictSchema>;
export const SubGoalVerdictsSchema = z
  .array(SubGoalVerdictSchema)
  .max(200)
  .refine((goals) => new Set(goals.map((g) => g.key)).size === goals.length, { message: "each sub-goal may be marked once" });

export const TrajectoryPayloadSchema = z
  .object({
    traceVerdict: TraceVerdictSchema.nullable(),
    firstWrongStep: z.number().int().min(0).nullable(),
    steps: z.array(StepLabelSchema).max(10_000).refine((steps) => new Set(steps.map((s) => s.stepIndex)).size === steps.length, {
      message: "each step may be labeled once",
    }),
    note: z.string().trim().max(10_000).nullable(),
    // Optional: answers saved before sub-goals existed, and benchmarks without any, have none.
    subGoals: SubGoalVerdictsSchema.optional(),
  })
  .strict();
export type TrajectoryPayload = z.infer<typeof TrajectoryPayloadSchema>;

/** Why an answer cannot be submitted, as data: the review screen words it in the reader's
 * language (components/trajectory-review/problem-text.ts), the server in English below. */
export type TrajectoryProblem =
  | { kind: "noVerdict" }
  | { kind: "unmetSubGoals"; keys: string }
  | { kind: "unknownStep" }
  | { kind: "firstWrongPast" }
  | { kind: "earlierIncorrect"; earlier: number; first: number }
  | { kind: "firstWrongCorrect"; first: number };

export function trajectoryProblemOf(payload: TrajectoryPayload, stepCount: number): TrajectoryProblem | null {
  if (!payload.traceVerdict) return { kind: "noVerdict" };
  // AndroidLab's convention: a task is complete only when every check point holds.
  const unmet = (payload.subGoals ?? []).filter((g) => !g.met).map((g) => g.key);
  if (payload.traceVerdict === "success" && unmet.length) return { kind: "unmetSubGoals", keys: unmet.join(", ") };
  if (payload.steps.some((s) => s.stepIndex >= stepCount)) return { kind: "unknownStep" };
  if (payload.firstWrongStep !== null) {
    const first = payload.firstWrongStep;
    if (first >= stepCount) return { kind: "firstWrongPast" };
    const earlier = payload.steps.filter((s) => isWrongStep(s) && s.stepIndex < first).map((s) => s.stepIndex);
    if (earlier.length) return { kind: "earlierIncorrect", earlier: Math.min(...earlier) + 1, first: first + 1 };
    if (payload.steps.some((s) => s.stepIndex === first && s.label === "correct")) return { kind: "firstWrongCorrect", first: first + 1 };
  }
  return null;
}

/** The same in English: what the API, the import report and adjudication say. */
export function trajectoryProblem(payload: TrajectoryPayload, stepCount: number): string | null {
  const problem = trajectoryProblemOf(payload, stepCount);
  if (!problem) return null;
  switch (problem.kind) {
    case "noVerdict": return "choose the trace verdict (success, failure or unsure)";
    case "unmetSubGoals": return `sub-goal ${problem.keys} is marked unmet, so the trace cannot be a success`;
    case "unknownStep": return "a label names a step the trajectory does not have";
    case "firstWrongPast": return "the first wrong step is past the last step";
    case "earlierIncorrect": return `step ${problem.earlier} is labeled incorrect, so the first wrong step cannot be step ${problem.first}`;
    case "firstWrongCorrect": return `step ${problem.first} is labeled correct, so it cannot be the first wrong step`;
  }
}

export const EMPTY_TRAJECTORY_PAYLOAD: TrajectoryPayload = { traceVerdict: null, firstWrongStep: null, steps: [], note: null };
