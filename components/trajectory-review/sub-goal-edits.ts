// Edits of the answer's sub-goal verdicts: a key cycles through met -> unmet -> not marked (the
// evaluator's value then stands). Pure, like payload-edits.ts.
import type { SubGoalVerdict, TrajectoryPayload } from "@/lib/domain/trajectory-payload";

export function subGoalOf(payload: TrajectoryPayload, key: string): SubGoalVerdict | null {
  return payload.subGoals?.find((g) => g.key === key) ?? null;
}

export function setSubGoal(payload: TrajectoryPayload, key: string, met: boolean | null): TrajectoryPayload {
  const rest = (payload.subGoals ?? []).filter((g) => g.key !== key);
  return { ...payload, subGoals: met === null ? rest : [...rest, { key, met }].sort((a, b) => a.key.localeCompare(b.key, undefined, { numeric: true })) };
}

export function cycleSubGoal(payload: TrajectoryPayload, key: string): TrajectoryPayload {
  const now = subGoalOf(payload, key);
  return setSubGoal(payload, key, now === null ? true : now.met ? false : null);
}
