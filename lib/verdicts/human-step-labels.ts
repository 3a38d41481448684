import "server-only";
// The people's label of each step of trajectories that have a final answer, read as the
// derivation reads it, with no decision of its own: the pinned final answer through the one
// reader of final answers (lib/annotations/final-answer.ts), its labels as stored
// (storedStepLabels), kept only when the answer was accepted (acceptedStepLabels, what
// deriveTrajectory counts in step accuracy), each with what it answers to a step-level judge
// (stepLabelJudgement: correct yes, incorrect no, an environment issue or unsure: nothing).
import type { Db } from "@/lib/db";
import { finalTrajectoryAnswers } from "@/lib/annotations/final-answer";
import { acceptedStepLabels } from "@/lib/domain/derive-trajectory";
import { stepLabelJudgement, storedStepLabels, type StepLabel } from "@/lib/domain/labels";
import type { Decision } from "@/lib/domain/item-lifecycle";

export type HumanStepLabel = { label: StepLabel; judgement: boolean | null };

/** By trajectory id, then step index; a trajectory without an accepted final answer has none. */
export async function humanStepLabels(db: Db, projectId: string, trajectories: readonly { id: string; finalAnswerId: string | null }[]): Promise<Map<string, Map<number, HumanStepLabel>>> {
  const pinned = [...new Map(trajectories.map((t) => [t.id, t])).values()];
  const answers = await finalTrajectoryAnswers(db, projectId, pinned);
  const byTrajectory = new Map<string, Map<number, HumanStepLabel>>();
  for (const [trajectoryId, answer] of answers) {
    const labels = acceptedStepLabels({ decision: answer.decision as Decision, steps: storedStepLabels(answer.stepLabels) });
    byTrajectory.set(trajectoryId, new Map([...labels].map(([index, label]) => [index, { label, judgement: stepLabelJudgement(label) }])));
  }
  return byTrajectory;
}
