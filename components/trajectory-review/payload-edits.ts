// Pure edits of the trajectory answer. The rules that tie fields together live here so every
// entry point (keys, buttons, screenshot clicks) applies them the same way: a step called
// correct carries no error kind or correction; giving an error kind, a correction or the
// "first wrong step" mark to an unlabeled or correct step makes it incorrect.
import type { Action } from "@/lib/domain/actions";
import { boundsCentre, type Bounds } from "@/lib/ui-tree/node";
import type { ErrorKind, StepLabel, StepLabelValue, TraceVerdict } from "@/lib/domain/labels";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";

export function labelOf(payload: TrajectoryPayload, stepIndex: number): StepLabel | undefined {
  return payload.steps.find((s) => s.stepIndex === stepIndex);
}

function put(payload: TrajectoryPayload, stepIndex: number, label: StepLabel | null): TrajectoryPayload {
  const others = payload.steps.filter((s) => s.stepIndex !== stepIndex);
  const steps = label ? [...others, label].sort((a, b) => a.stepIndex - b.stepIndex) : others;
  return { ...payload, steps };
}

// The label a step gets when something implies it was wrong; an explicit "unsure" is kept.
function wrongish(current: StepLabel | undefined): StepLabelValue {
  return current?.label === "unsure" ? "unsure" : "incorrect";
}

export function setLabel(payload: TrajectoryPayload, stepIndex: number, label: StepLabelValue): TrajectoryPayload {
  const current = labelOf(payload, stepIndex);
  if (label === "correct") return put(payload, stepIndex, { stepIndex, label });
  return put(payload, stepIndex, { ...current, stepIndex, label });
}

/** Every step from `fromIndex` to the last (`stepCount` steps) that has no label yet is called
 * correct; labelled steps keep theirs. One key for a run of correct steps, still reviewable. */
export function labelRestCorrect(payload: TrajectoryPayload, fromIndex: number, stepCount: number): TrajectoryPayload {
  let next = payload;
  for (let i = Math.max(0, fromIndex); i < stepCount; i++) if (!labelOf(next, i)) next = put(next, i, { stepIndex: i, label: "correct" });
  return next;
}

export function clearLabel(payload: TrajectoryPayload, stepIndex: number): TrajectoryPayload {
  const firstWrongStep = payload.firstWrongStep === stepIndex ? null : payload.firstWrongStep;
  return { ...put(payload, stepIndex, null), firstWrongStep };
}

/** Sets the error kind, or removes it when the step already has that kind (keys toggle). */
export function toggleErrorKind(payload: TrajectoryPayload, stepIndex: number, errorKind: ErrorKind | null): TrajectoryPayload {
  const current = labelOf(payload, stepIndex);
  if (errorKind === null || current?.errorKind === errorKind) {
    if (!current) return payload;
    const { errorKind: _dropped, ...rest } = current;
    return put(payload, stepIndex, rest);
  }
  return put(payload, stepIndex, { ...current, stepIndex, label: wrongish(current), errorKind });
}

export function setCorrection(payload: TrajectoryPayload, stepIndex: number, correctedAction: Action | null): TrajectoryPayload {
  const current = labelOf(payload, stepIndex);
  if (correctedAction === null) {
    if (!current) return payload;
    const { correctedAction: _dropped, ...rest } = current;
    return put(payload, stepIndex, rest);
  }
  return put(payload, stepIndex, { ...current, stepIndex, label: wrongish(current), correctedAction });
}

/** Marks the step as the first wrong one, or unmarks it when it already is. */
export function toggleFirstWrong(payload: TrajectoryPayload, stepIndex: number): TrajectoryPayload {
  if (payload.firstWrongStep === stepIndex) return { ...payload, firstWrongStep: null };
  const current = labelOf(payload, stepIndex);
  const marked = { ...payload, firstWrongStep: stepIndex };
  return current?.label === "incorrect" ? marked : put(marked, stepIndex, { ...current, stepIndex, label: wrongish(current) });
}

export function setTrace(payload: TrajectoryPayload, traceVerdict: TraceVerdict | null): TrajectoryPayload {
  return { ...payload, traceVerdict };
}

export const POINT_TYPES = ["click", "double_click", "long_press", "hover"] as const;
type PointAction = Extract<Action, { type: (typeof POINT_TYPES)[number] }>;

export function isPointAction(action: Action | null): action is PointAction {
  return action !== null && (POINT_TYPES as readonly string[]).includes(action.type);
}

// A corrected point replaces where the action lands; the source's element box or numbered
// element described the old target, so they are not carried over.
export function pointCorrection(action: PointAction, x: number, y: number): Action {
  return { type: action.type, x: Math.round(x), y: Math.round(y) };
}

// Snapping to a UI element: the point goes to the element's centre and the element's box is
// kept as the action's target, as AndroidLab records a tap (both in screenshot pixels).
export function snapCorrection(action: PointAction, bounds: Bounds): Action {
  const { x, y } = boundsCentre(bounds);
  return { type: action.type, x, y, element: [bounds.x1, bounds.y1, bounds.x2, bounds.y2] };
}
