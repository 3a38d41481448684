// Grading an annotator's answer on a honeypot (an item whose answer is known). Grounding: the
// same "target absent" decision and, for a box, IoU >= the project's agreement threshold,
// the rule two annotators are held to among themselves. Trajectory: the same trace verdict;
// step labels are not graded, the trace verdict is what the pools are filtered on.
import { boxesAgree } from "@/lib/domain/agreement";
import type { GroundingAnswer, TrajectoryAnswer } from "@/lib/domain/consensus";

export function gradeGroundingAnswer(expected: GroundingAnswer, given: GroundingAnswer, iouThreshold: number): boolean {
  if (expected.targetAbsent || given.targetAbsent) return expected.targetAbsent === given.targetAbsent;
  if (!expected.box || !given.box) return false;
  return boxesAgree(expected.box, given.box, iouThreshold);
}

export function gradeTrajectoryAnswer(expected: Pick<TrajectoryAnswer, "traceVerdict">, given: Pick<TrajectoryAnswer, "traceVerdict">): boolean {
  return expected.traceVerdict !== null && expected.traceVerdict === given.traceVerdict;
}
