// Brings a parsed action into its screenshot's pixels through the step's coordinate contract.
// Most trajectory sources already record pixels (contract null or plain px), and then the
// action is returned as it is.
import { boxToPixels, pointToPixels, type CoordinateContract, type ImageSize } from "@/lib/domain/coordinates";
import { ActionSchema, type Action } from "@/lib/domain/actions";

export function actionToPixels(action: Action, contract: CoordinateContract | null, image: ImageSize | null): Action {
  if (!contract || (contract.unit === "px" && !contract.reference)) return action;
  if (!image) throw new RangeError(`action coordinates in ${contract.unit} need the screenshot, which is missing`);
  const point = (p: { x: number; y: number }) => {
    const [x, y] = pointToPixels([p.x, p.y], contract, image);
    return { x, y };
  };
  const converted: Record<string, unknown> = { ...action };
  if ("x" in action && action.x !== undefined && action.y !== undefined) Object.assign(converted, point({ x: action.x, y: action.y }));
  if ("from" in action && action.from) converted.from = point(action.from);
  if ("to" in action && action.to) converted.to = point(action.to);
  if (action.element) converted.element = boxToPixels(action.element, { ...contract, format: "xyxy" }, image);
  return ActionSchema.parse(converted);
}
