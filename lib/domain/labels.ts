// What a human records: per-step labels, the trace verdict, grounding annotations.
// Accuracies count only decided labels: "unsure" means "no decision", so it is left out of
// the denominator instead of counting against the agent (or for it); null means nothing
// was decided yet, which a dashboard must show differently from 0%.
import { z } from "zod";
import { ActionSchema } from "@/lib/domain/actions";
import { BoxSchema } from "@/lib/domain/geometry";

export const STEP_LABEL_VALUES = ["correct", "incorrect", "unsure"] as const;
export const StepLabelValueSchema = z.enum(STEP_LABEL_VALUES);
export type StepLabelValue = z.infer<typeof StepLabelValueSchema>;

export const ERROR_KINDS = [
  "wrong_element",
  "wrong_action",
  "wrong_text",
  "premature_finish",
  "hallucinated",
  "redundant",
  "env_issue",
  // The action changed nothing on the screen: the same evidence as AndroidLab's pixel rule
  // for its reasonable-operation ratio (lib/domain/androidlab-episode-metrics.ts).
  "no_effect",
] as const;
export const ErrorKindSchema = z.enum(ERROR_KINDS);
export type ErrorKind = z.infer<typeof ErrorKindSchema>;

export const StepLabelSchema = z.object({
  stepIndex: z.number().int().nonnegative(),
  label: StepLabelValueSchema,
  errorKind: ErrorKindSchema.optional(),
  correctedAction: ActionSchema.optional(),
});
export type StepLabel = z.infer<typeof StepLabelSchema>;

/** A step that went wrong, for the first-wrong-step rule: labeled incorrect, but not merely
 * redundant. A redundant step (AndroidLab's R_p, its reasonable-operation ratio) is a penalty on
 * the path, not where the trajectory failed; it still counts as incorrect in step accuracy. */
export function isWrongStep(step: Pick<StepLabel, "label" | "errorKind">): boolean {
  return step.label === "incorrect" && step.errorKind !== "redundant";
}

/** Step labels as an answer stores them (AnswerRevision.stepLabels); what does not parse is no labels. */
export function storedStepLabels(json: unknown): StepLabel[] {
  const parsed = z.array(StepLabelSchema).safeParse(json ?? []);
  return parsed.success ? parsed.data : [];
}

/**
 * What a person's step label says to a step-level judge's yes/no (was this step's action the
 * right one?): correct is yes; incorrect is no, whatever its error kind, a redundant or
 * no-effect step included (a wasted action was not the right one, as step accuracy counts it),
 * except an environment issue, which blames the device rather than the action and so answers
 * nothing about it; unsure answers nothing either. Null: not a pair.
 */
export function stepLabelJudgement(step: Pick<StepLabel, "label" | "errorKind">): boolean | null {
  if (step.label === "correct") return true;
  if (step.label === "incorrect") return step.errorKind === "env_issue" ? null : false;
  return null;
}

export const TRACE_VERDICTS = ["success", "failure", "unsure"] as const;
export const TraceVerdictSchema = z.enum(TRACE_VERDICTS);
export type TraceVerdict = z.infer<typeof TraceVerdictSchema>;

export const TrajectoryAnnotationSchema = z.object({
  traceVerdict: TraceVerdictSchema.optional(),
  firstWrongStep: z.number().int().nonnegative().optional(),
  // One label per step: two labels for the same step would make accuracies ambiguous.
  steps: z.array(StepLabelSchema).refine(
    (steps) => new Set(steps.map((s) => s.stepIndex)).size === steps.length,
    { message: "each stepIndex may be labeled at most once" },
  ),
});
export type TrajectoryAnnotation = z.infer<typeof TrajectoryAnnotationSchema>;

export const GroundingAnnotationSchema = z.object({
  // null = "target absent": a refusal sample, answered correctly only by [-1, -1].
  box: BoxSchema.nullable(),
  instructionRewrite: z.string().trim().min(1).optional(),
  qualityScore: z.number().min(0).max(10).optional(),
});
export type GroundingAnnotation = z.infer<typeof GroundingAnnotationSchema>;

function decidedShare<T extends string>(values: readonly T[], yes: T, no: T): number | null {
  let hits = 0;
  let decided = 0;
  for (const v of values) {
    if (v === yes) hits += 1;
    if (v === yes || v === no) decided += 1;
  }
  return decided === 0 ? null : hits / decided;
}

export function stepAccuracy(labels: readonly StepLabelValue[]): number | null {
  return decidedShare(labels, "correct", "incorrect");
}

export function traceAccuracy(verdicts: readonly TraceVerdict[]): number | null {
  return decidedShare(verdicts, "success", "failure");
}

/** Who gave an imported label: a person known to the source by an e-mail (Verity JSONL) or a
 * name (AgentRewardBench's annotator letters). The import writer gives each one placeholder
 * account per project (lib/users/placeholders.ts). */
export type LabelAnnotator = { source: "email" | "agentrewardbench"; name: string };
