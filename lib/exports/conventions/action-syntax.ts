// Canonical actions (lib/domain/actions.ts, screenshot pixels) in the action syntax of the
// pool's base model, with every coordinate in the pool's convention of that step's screenshot:
//   ui-venus         Click(box=(x,y)), Drag(start=(x1,y1), end=(x2,y2)), Type(content='..'), ...
//                    as UI-Venus-1.5's navigation prompt lists them and its parser reads them
//                    (inclusionAI/UI-Venus@c3a1442 models/navigation/utils.py:4-87, 138-219);
//   qwen-mobile-use  <tool_call>{"name": "mobile_use", "arguments": {"action": "click", ...}}</tool_call>,
//                    the Qwen2.5-VL mobile agent's function (QwenLM/Qwen2.5-VL@f0af299
//                    cookbooks/mobile_agent.ipynb).
// The same function gives the reward's ground truth (groundTruthAction), so the answer a row
// teaches and the one its reward accepts are one value. An action the syntax cannot say (a
// direction scroll for mobile_use, a select for either) or that has no coordinates where the
// syntax needs them (a WebVoyager step naming element [5] with no known box) is null, and the
// row builder counts it instead of inventing a place.
// Pure.
import type { Action } from "@/lib/domain/actions";
import type { Box, Point } from "@/lib/domain/geometry";
import { boxCentre, boxInConvention, pointInConvention, type ConventionSpace } from "@/lib/exports/conventions/coordinate-conventions";

export const ACTION_SYNTAXES = ["ui-venus", "qwen-mobile-use"] as const;
export type ActionSyntaxId = (typeof ACTION_SYNTAXES)[number];

/** The action as the reward compares it: coordinates in the convention, texts as given. */
export type GroundTruthAction = {
  type: Action["type"];
  point?: [number, number];
  element?: [number, number, number, number];
  from?: [number, number];
  to?: [number, number];
  direction?: string;
  text?: string;
  keys?: string[];
  app?: string;
  url?: string;
};

export type RenderedAction = { text: string; truth: GroundTruthAction };

export type ActionProblem = "no_coordinates" | "outside_image" | "not_in_syntax";

const inside = (p: Point, space: ConventionSpace) => p[0] >= 0 && p[1] >= 0 && p[0] <= space.image.width && p[1] <= space.image.height;

type Located = { point: Point; fromElementCentre: boolean } | ActionProblem;

// Where a point action acts: its own x/y, else the centre of its known element box (a
// WebVoyager label whose element box a reviewer or the source gave), else nowhere.
function locate(action: { x?: number; y?: number; element?: Box }, space: ConventionSpace): Located {
  let point: Point | null = null;
  let fromElementCentre = false;
  if (action.x !== undefined && action.y !== undefined) point = [action.x, action.y];
  else if (action.element) {
    point = boxCentre(action.element);
    fromElementCentre = true;
  }
  if (!point) return "no_coordinates";
  if (!inside(point, space)) return "outside_image";
  return { point, fromElementCentre };
}

const xy = (p: [number, number]) => `(${p[0]},${p[1]})`;

function elementOf(action: Action, space: ConventionSpace): [number, number, number, number] | undefined {
  const e = action.element;
  if (!e || e[0] < 0 || e[1] < 0 || e[2] > space.image.width || e[3] > space.image.height) return undefined;
  return boxInConvention(e, space);
}

// Python's json.dumps spacing (", " and ": "), as the Qwen agent prints its calls.
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (value !== null && typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`).join(", ")}}`;
  return JSON.stringify(value);
}

export type RenderResult = (RenderedAction & { usedElementCentre: boolean }) | { problem: ActionProblem };

/** The action in the syntax and as ground truth, or why it cannot be written. */
export function renderAction(action: Action, syntax: ActionSyntaxId, space: ConventionSpace): RenderResult {
  const element = elementOf(action, space);
  const truth = (t: GroundTruthAction): GroundTruthAction => (element ? { ...t, element } : t);
  let usedElementCentre = false;
  const at = (a: { x?: number; y?: number; element?: Box }): [number, number] | ActionProblem => {
    const located = locate(a, space);
    if (typeof located === "string") return located;
    usedElementCentre = located.fromElementCentre;
    return pointInConvention(located.point, space);
  };
  const twoPoints = (from: { x: number; y: number }, to: { x: number; y: number }): [[number, number], [number, number]] | ActionProblem => {
    const a: Point = [from.x, from.y];
    const b: Point = [to.x, to.y];
    if (!inside(a, space) || !inside(b, space)) return "outside_image";
    return [pointInConvention(a, space), pointInConvention(b, space)];
  };
  const done = (text: string, t: GroundTruthAction): RenderResult => ({ text, truth: truth(t), usedElementCentre });
  // Neither syntax names a mouse button or a press count: a right or triple click written as
  // Click(...) would teach another action, so it is left out (and counted) instead.
  if ("button" in action && action.button !== undefined && action.button !== "left") return { problem: "not_in_syntax" };
  if (action.type === "click" && action.clicks !== undefined && action.clicks > 1) return { problem: "not_in_syntax" };

  if (syntax === "ui-venus") {
    switch (action.type) {
      case "click":
      case "double_click":
      case "long_press":
      case "hover": {
        const p = at(action);
        if (typeof p === "string") return { problem: p };
        const name = { click: "Click", double_click: "DoubleClick", long_press: "LongPress", hover: "Hover" }[action.type];
        return done(`${name}(box=${xy(p)})`, { type: action.type, point: p });
      }
      case "drag": {
        const pts = twoPoints(action.from, action.to);
        if (typeof pts === "string") return { problem: pts };
        return done(`Drag(start=${xy(pts[0])}, end=${xy(pts[1])})`, { type: "drag", from: pts[0], to: pts[1] });
      }
      case "scroll": {
        if (action.from && action.to) {
          const pts = twoPoints(action.from, action.to);
          if (typeof pts === "string") return { problem: pts };
          return done(`Scroll(start=${xy(pts[0])}, end=${xy(pts[1])})`, { type: "scroll", from: pts[0], to: pts[1], ...(action.direction ? { direction: action.direction } : {}) });
        }
        return done(`Scroll(direction='${action.direction}')`, { type: "scroll", direction: action.direction });
      }
      case "type":
        return done(`Type(content='${action.text}')`, { type: "type", text: action.text });
      case "hotkey":
        return done(`Hotkey(keys=[${action.keys.map((k) => `'${k}'`).join(", ")}])`, { type: "hotkey", keys: [...action.keys] });
      case "open_app":
        return action.name !== undefined
          ? done(`Launch(app='${action.name}')`, { type: "open_app", app: action.name })
          : done(`Launch(url='${action.url}')`, { type: "open_app", url: action.url });
      case "back":
        return done("PressBack()", { type: "back" });
      case "home":
        return done("PressHome()", { type: "home" });
      case "enter":
        return done("PressEnter()", { type: "enter" });
      case "recent":
        return done("PressRecent()", { type: "recent" });
      case "wait":
        return done("Wait()", { type: "wait" });
      case "finish":
        return done(`Finished(content='${action.answer ?? ""}')`, { type: "finish", text: action.answer ?? "" });
      case "call_user":
        return done(`CallUser(content='${action.text}')`, { type: "call_user", text: action.text });
      case "select":
        return { problem: "not_in_syntax" };
    }
  }

  const call = (args: Record<string, unknown>) => `<tool_call>\n${pythonJson({ name: "mobile_use", arguments: args })}\n</tool_call>`;
  switch (action.type) {
    case "click":
    case "long_press": {
      const p = at(action);
      if (typeof p === "string") return { problem: p };
      return done(call({ action: action.type, coordinate: p }), { type: action.type, point: p });
    }
    case "drag":
    case "scroll": {
      if (!action.from || !action.to) return { problem: "not_in_syntax" };
      const pts = twoPoints(action.from, action.to);
      if (typeof pts === "string") return { problem: pts };
      return done(call({ action: "swipe", coordinate: pts[0], coordinate2: pts[1] }), { type: action.type, from: pts[0], to: pts[1] });
    }
    case "type":
      return done(call({ action: "type", text: action.text }), { type: "type", text: action.text });
    case "open_app":
      if (action.name === undefined) return { problem: "not_in_syntax" };
      return done(call({ action: "open", text: action.name }), { type: "open_app", app: action.name });
    case "back":
    case "home":
    case "enter":
    case "recent": {
      const button = { back: "Back", home: "Home", enter: "Enter", recent: "Menu" }[action.type];
      return done(call({ action: "system_button", button }), { type: action.type });
    }
    case "wait":
      return done(call(action.seconds !== undefined ? { action: "wait", time: action.seconds } : { action: "wait" }), { type: "wait" });
    case "finish":
      return done(call({ action: "terminate", status: "success" }), { type: "finish" });
    default:
      return { problem: "not_in_syntax" };
  }
}

/** A mobile_use call's JSON without its <tool_call> tags (as the cookbook's history lists calls). */
export function toolCallBody(text: string): string {
  return text.replace(/^<tool_call>\n/, "").replace(/\n<\/tool_call>$/, "");
}

/** How the target text is wrapped for the model (UI-Venus answers inside <action>..</action>). */
export function answerText(syntax: ActionSyntaxId, action: string): string {
  return syntax === "ui-venus" ? `<action>${action}</action>` : action;
}
