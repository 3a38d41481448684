// Offline-RL navigation JSONL: one row per verified step.
//   { id: "<trajectoryId>:<index>", trajectory_id, step_index, goal, history: string[],
//     images: [imagePath], action: <canonical action>, revision_id }
// Conventions: `action` is the ground-truth canonical action (SPEC §2: the reviewer's
// correction when there is one) with every coordinate on the [0,1000] grid of this step's
// screenshot (integers); `history` is the previous actions as text, oldest first, exactly as
// the caller described them.
import "server-only";
import { z } from "zod";
import { ActionSchema } from "@/lib/domain/actions";
import { actionOnGrid } from "@/lib/exports/action-on-grid";
import type { VerifiedStep } from "@/lib/exports/export-types";

export const NavigationRowSchema = z
  .object({
    id: z.string().describe("<trajectory id>:<step index>"),
    trajectory_id: z.string(),
    step_index: z.int().min(0),
    goal: z.string(),
    history: z.array(z.string()).describe("previous actions as text, oldest first"),
    images: z.array(z.string()).length(1).describe("this step's screenshot: path inside the snapshot or media reference"),
    action: ActionSchema.describe("ground-truth canonical action; coordinates on the [0,1000] grid of the screenshot"),
    revision_id: z.string().describe("the final-answer revision the ground truth comes from"),
  })
  .describe("offline-RL navigation row (JSONL)");
export type NavigationRow = z.infer<typeof NavigationRowSchema>;

export function navigationRow(step: VerifiedStep): NavigationRow {
  return {
    id: `${step.trajectoryId}:${step.index}`,
    trajectory_id: step.trajectoryId,
    step_index: step.index,
    goal: step.goal,
    history: [...step.history],
    images: [step.imagePath],
    action: actionOnGrid(step.action, step.image),
    revision_id: step.revisionId,
  };
}

export function navigationRows(steps: readonly VerifiedStep[]): NavigationRow[] {
  return steps.map(navigationRow);
}
