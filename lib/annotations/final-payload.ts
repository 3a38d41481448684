// The answer an item's revision pins, by kind, and the AnswerRevision columns it is stored in.
// A revision has an annotation's column names, so payloadOf / trajectoryPayloadOf
// (lib/annotations/answer-kinds.ts) read revisions as well as annotations.
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";

export type FinalPayload = { itemType: "sample"; payload: GroundingPayload } | { itemType: "trajectory"; payload: TrajectoryPayload };

type RevisionColumns = {
  targetAbsent: boolean | null;
  boxX1: number | null;
  boxY1: number | null;
  boxX2: number | null;
  boxY2: number | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
  traceVerdict: string | null;
  firstWrongStep: number | null;
  stepLabels: unknown;
  subGoals: unknown;
  note: string | null;
};

export function revisionColumns(answer: FinalPayload): Omit<RevisionColumns, "stepLabels" | "subGoals"> & { stepLabels?: object; subGoals?: object } {
  if (answer.itemType === "sample") {
    const p = answer.payload;
    const [boxX1, boxY1, boxX2, boxY2] = p.targetAbsent || !p.box ? [null, null, null, null] : p.box;
    return { targetAbsent: p.targetAbsent, boxX1, boxY1, boxX2, boxY2, instructionRewrite: p.instructionRewrite, qualityScore: p.qualityScore, traceVerdict: null, firstWrongStep: null, note: p.note };
  }
  const p = answer.payload;
  return {
    targetAbsent: null, boxX1: null, boxY1: null, boxX2: null, boxY2: null, instructionRewrite: null, qualityScore: null,
    traceVerdict: p.traceVerdict, firstWrongStep: p.firstWrongStep, stepLabels: p.steps, subGoals: p.subGoals ?? [], note: p.note,
  };
}
