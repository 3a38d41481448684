// The words for what an action did, from the catalogue, for the tags on the screenshot and the
// notes beside it (issue 36, item 26: "long press" and every other action name were English
// in the Chinese screen, made from the action's type). tests/unit/trajectory-review/
// action-words.test.ts names every action type in both languages.
import type { Action } from "@/lib/domain/actions";
import type { PlainKey, Translate } from "@/lib/i18n/translate";

type PointType = "click" | "double_click" | "long_press" | "hover";

const POINT_NAMES: Record<PointType, PlainKey> = {
  click: "trajectory.action.click",
  double_click: "trajectory.action.doubleClick",
  long_press: "trajectory.action.longPress",
  hover: "trajectory.action.hover",
};

const BARE_NAMES: Record<"back" | "home" | "enter" | "recent", PlainKey> = {
  back: "trajectory.action.back",
  home: "trajectory.action.home",
  enter: "trajectory.action.enter",
  recent: "trajectory.action.recent",
};

const DIRECTIONS: Record<"up" | "down" | "left" | "right", PlainKey> = {
  up: "trajectory.action.direction.up",
  down: "trajectory.action.direction.down",
  left: "trajectory.action.direction.left",
  right: "trajectory.action.direction.right",
};

const BUTTONS: Record<"right" | "middle", PlainKey> = { right: "trajectory.action.button.right", middle: "trajectory.action.button.middle" };

/** "right click", "triple click", "middle double click", "long press": the button and the
 *  press count are part of what the agent did. */
export function pointActionName(action: Extract<Action, { type: PointType }>, t: Translate): string {
  let name = t(POINT_NAMES[action.type]);
  if (action.type === "click" && action.clicks !== undefined && action.clicks > 1) {
    name = action.clicks === 3 ? t("trajectory.action.tripleClick") : t("trajectory.action.multiClick", { count: action.clicks });
  }
  const button = (action.type === "click" || action.type === "double_click") && action.button && action.button !== "left" ? action.button : null;
  return button ? t("trajectory.action.withButton", { button: t(BUTTONS[button]), action: name }) : name;
}

/** A scroll or a drag: "scroll down ×3", "drag". */
export function motionName(action: Extract<Action, { type: "scroll" | "drag" }>, t: Translate): string {
  if (action.type === "drag") return t("trajectory.action.drag");
  const name = action.direction ? t("trajectory.action.scrollDirection", { direction: t(DIRECTIONS[action.direction]) }) : t("trajectory.action.scroll");
  return action.amount !== undefined ? `${name} ×${action.amount}` : name;
}

/** back, home, enter, recent apps: the whole of what such an action says. */
export function bareActionName(type: keyof typeof BARE_NAMES, t: Translate): string {
  return t(BARE_NAMES[type]);
}

/** The short name of any action, as the tags and notes begin. */
export function actionName(action: Action, t: Translate): string {
  switch (action.type) {
    case "click":
    case "double_click":
    case "long_press":
    case "hover":
      return pointActionName(action, t);
    case "scroll":
    case "drag":
      return motionName(action, t);
    case "back":
    case "home":
    case "enter":
    case "recent":
      return bareActionName(action.type, t);
    case "select":
      return t("trajectory.action.select");
    case "type":
      return t("trajectory.action.types");
    case "hotkey":
      return t("trajectory.action.keys");
    case "open_app":
      return t("trajectory.action.openApp", { app: action.name ?? action.url ?? "" });
    case "wait":
      return action.seconds !== undefined ? t("trajectory.action.waitSeconds", { seconds: action.seconds }) : t("trajectory.action.wait");
    case "finish":
      return action.isInfeasible ? t("trajectory.action.givesUp") : t("trajectory.action.finish");
    case "call_user":
      return t("trajectory.action.asksUser", { text: action.text });
  }
}
