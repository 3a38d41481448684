// What each kind of model run is over and what it writes. Pure.
import type { TemplateTask } from "@/lib/models/templates/prompt-template";

/** The tasks a run can do today, and the items each is over. */
export const RUN_TASKS = ["grounding", "outcome_judge", "trajectory_judge", "quality"] as const satisfies readonly TemplateTask[];
export type RunTask = (typeof RUN_TASKS)[number];
/** The tasks that ask one question per item (k samples of it); trajectory_judge is WebJudge's three calls (webjudge-item.ts). */
export type SingleCallTask = Exclude<RunTask, "trajectory_judge">;

export const ITEMS_OF_TASK: Record<RunTask, "samples" | "trajectories"> = {
  grounding: "samples",
  outcome_judge: "trajectories",
  trajectory_judge: "trajectories",
  quality: "samples",
};

export const isRunTask = (task: string): task is RunTask => (RUN_TASKS as readonly string[]).includes(task);

/** The promptVersion a judge run's verdicts carry: the template and its version. */
export const runPromptVersion = (templateId: string, version: number) => `${templateId}@v${version}`;
