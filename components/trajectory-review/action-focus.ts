// Where on the screenshot a step's action happened, for centring a zoomed view on it: its
// point, else the middle of its element, else where a drag ends or a scroll starts; null for
// actions with no place (typing, keys, finish), which keep the image's centre.
import { scrollVector } from "@/components/trajectory-review/action-shapes";
import type { Point } from "@/lib/domain/geometry";
import type { Action } from "@/lib/domain/actions";

export function actionFocus(action: Action, width: number, height: number): Point | null {
  if (action.type === "drag") return [action.to.x, action.to.y];
  if (action.type === "scroll") {
    const v = scrollVector(action, width, height);
    return v ? [v.from.x, v.from.y] : null;
  }
  if ("x" in action && action.x !== undefined && "y" in action && action.y !== undefined) return [action.x, action.y];
  if (action.element) return [(action.element[0] + action.element[2]) / 2, (action.element[1] + action.element[3]) / 2];
  return null;
}
