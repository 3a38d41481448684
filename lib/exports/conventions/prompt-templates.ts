// The prompt templates a pool can ask its rows with, and which conventions and targets each
// fits. A template that states a coordinate space (UI-Venus-1.5 grounding: a point on the
// [0,1000] grid; the Qwen2.5-VL mobile_use tool: pixels of the image it sees) only goes with
// that convention: a prompt asking for one space and a target written in another would teach
// the model nonsense. Pool validation (lib/pools/pool-definition.ts) refuses such pairs.
// Text a user wrote (instructions, rewrites, goals) never adds an image placeholder: a
// literal "<image>" in it is replaced by "(image)" and counted (sanitizeUserText), because
// every framework counts placeholders against the images (verl asserts, LLaMA-Factory raises).
// Pure.
import type { ConventionId, TargetKind } from "@/lib/exports/conventions/coordinate-conventions";
import { toolCallBody, type ActionSyntaxId } from "@/lib/exports/conventions/action-syntax";
import { actionOnlyPrompt, UI_VENUS_15_MOBILE, UI_VENUS_15_WEB, uiVenusGroundingPrompt, uiVenusNavigationPrompt } from "@/lib/exports/conventions/ui-venus-prompts";

// The UI-Venus navigation prompts as rows ask them: the action alone (ui-venus-prompts.ts).
const UI_VENUS_MOBILE_ROWS = actionOnlyPrompt(UI_VENUS_15_MOBILE);
const UI_VENUS_WEB_ROWS = actionOnlyPrompt(UI_VENUS_15_WEB);

export const GROUNDING_TEMPLATES = ["ui-venus-1.5-grounding", "verity-grounding"] as const;
export const NAVIGATION_TEMPLATES = ["ui-venus-1.5-mobile", "ui-venus-1.5-web", "qwen2.5-vl-mobile-use", "verity-navigation"] as const;
export type GroundingTemplateId = (typeof GROUNDING_TEMPLATES)[number];
export type NavigationTemplateId = (typeof NAVIGATION_TEMPLATES)[number];
export type TemplateId = GroundingTemplateId | NavigationTemplateId;

export type TemplateInfo = {
  label: string;
  source: string;
  conventions: readonly ConventionId[];
  targets?: readonly TargetKind[];
  syntax?: ActionSyntaxId;
  // How many earlier steps the navigation prompt lists (UI-Venus' runner: scripts/run_navi.sh HISTORY_LENGTH=5).
  historyLength?: number;
  // The history lines show each earlier step's recorded thought (UI-Venus' <think>..</think>).
  thoughtsInHistory?: boolean;
  // What every row's answer (the SFT target) is, and that the prompt asks for exactly that.
  answerFormat: string;
  // The layout of the question: a system turn of its own (navigationPrompt's `system`), and the
  // screenshot after the text rather than before it (both as the Qwen2.5-VL cookbook asks).
  systemTurn?: boolean;
  imageAfterText?: boolean;
};

const ACTION_ALONE = "<action>…</action> alone; the prompt's Output Format asks for the action alone (UI-Venus' <think> and <conclusion> lines are taken out of it: rows teach no thought or conclusion)";

const ALL: readonly ConventionId[] = ["rel1000", "qwen25-abs", "norm1"];

export const TEMPLATES: Record<TemplateId, TemplateInfo> = {
  "ui-venus-1.5-grounding": { label: "UI-Venus-1.5 grounding (point, [0,1000], refusal [-1,-1])", source: "inclusionAI/UI-Venus@c3a1442 models/grounding/ui_venus1_5_gd.py:69-77", conventions: ["rel1000"], targets: ["point"], answerFormat: "the point [x,y] alone, or [-1,-1], as the prompt asks" },
  "verity-grounding": { label: "Verity grounding (states the pool's convention and target)", source: "Verity", conventions: ALL, targets: ["point", "box"], answerFormat: "the point [x,y] or box [x1,y1,x2,y2] alone, or [-1,-1], as the prompt asks" },
  "ui-venus-1.5-mobile": { label: "UI-Venus-1.5 navigation, mobile", source: "inclusionAI/UI-Venus@c3a1442 models/navigation/utils.py:49-87", conventions: ALL, syntax: "ui-venus", historyLength: 5, thoughtsInHistory: true, answerFormat: ACTION_ALONE },
  "ui-venus-1.5-web": { label: "UI-Venus-1.5 navigation, web", source: "inclusionAI/UI-Venus@c3a1442 models/navigation/utils.py:4-47", conventions: ALL, syntax: "ui-venus", historyLength: 5, thoughtsInHistory: true, answerFormat: ACTION_ALONE },
  "qwen2.5-vl-mobile-use": { label: "Qwen2.5-VL mobile_use tool call", source: "QwenLM/Qwen2.5-VL@f0af299 cookbooks/mobile_agent.ipynb (the mobile_use function)", conventions: ["qwen25-abs"], syntax: "qwen-mobile-use", historyLength: 10_000, systemTurn: true, imageAfterText: true, answerFormat: "one <tool_call>…</tool_call> of the mobile_use function alone, as the tool prompt asks" },
  "verity-navigation": { label: "Verity navigation (states the pool's convention)", source: "Verity", conventions: ALL, syntax: "ui-venus", historyLength: 5, thoughtsInHistory: true, answerFormat: "<action>…</action> alone, as the prompt asks" },
};

export const isGroundingTemplate = (id: string): id is GroundingTemplateId => (GROUNDING_TEMPLATES as readonly string[]).includes(id);
export const isNavigationTemplate = (id: string): id is NavigationTemplateId => (NAVIGATION_TEMPLATES as readonly string[]).includes(id);

const PLACEHOLDER = /<(image|video|audio)>/g;

/** User text with any media placeholder made inert; `replaced` says how many were. */
export function sanitizeUserText(text: string): { text: string; replaced: number } {
  let replaced = 0;
  const clean = text.replace(PLACEHOLDER, (_m, what: string) => {
    replaced += 1;
    return `(${what})`;
  });
  return { text: clean, replaced };
}

const COORDINATE_PHRASE: Record<ConventionId, string> = {
  rel1000: "with coordinates on a [0,1000] grid relative to the screenshot (integers)",
  "qwen25-abs": "in pixels of the screenshot as you see it (integers)",
  norm1: "with coordinates normalised to [0,1] relative to the screenshot (four decimals)",
};

/** The text of a grounding question (the image placeholder is added by the row builder). */
export function groundingPrompt(template: GroundingTemplateId, instruction: string, convention: ConventionId, target: TargetKind): string {
  if (template === "ui-venus-1.5-grounding") return uiVenusGroundingPrompt(instruction);
  const what = target === "point" ? "the centre point of the target as [x,y]" : "the target's box as [x1,y1,x2,y2]";
  return `Locate the element for this instruction on the screenshot: ${instruction}\nOutput only ${what}, ${COORDINATE_PHRASE[convention]}. If the target is not present in the screenshot, output [-1,-1].`;
}

export type NavigationPrompt = { system: string | null; user: string };

type HistoryEntry = { think: string; action: string };

const VERITY_NAVIGATION = (convention: ConventionId) => `You are a GUI agent. Given the task, the current screenshot and the earlier actions, output the next action as <action>Name(arguments)</action>, with points ${COORDINATE_PHRASE[convention]}.
Actions: Click(box=(x,y)), DoubleClick(box=(x,y)), LongPress(box=(x,y)), Hover(box=(x,y)), Drag(start=(x1,y1), end=(x2,y2)), Scroll(start=(x1,y1), end=(x2,y2)), Scroll(direction='up|down|left|right'), Type(content='...'), Hotkey(keys=['ctrl', 'c']), Launch(app='...'), Launch(url='...'), PressBack(), PressHome(), PressEnter(), PressRecent(), Wait(), Finished(content='...'), CallUser(content='...').

### User Task
{user_task}

### Previous Actions
{previous_actions}`;

// The mobile_use tool as a Qwen2.5-VL agent is given it: a function whose coordinates are
// pixels of the image the model sees, whose resolution the description states.
function mobileUseSystem(resized: { width: number; height: number }): string {
  const fn = {
    type: "function",
    function: {
      name: "mobile_use",
      description: `Use a touchscreen to interact with a mobile device. The screen's resolution is ${resized.width}x${resized.height}.`,
      parameters: {
        type: "object",
        required: ["action"],
        properties: {
          action: { type: "string", enum: ["key", "click", "long_press", "swipe", "type", "system_button", "open", "wait", "terminate"] },
          coordinate: { type: "array", description: "(x, y) in pixels; for click, long_press and swipe" },
          coordinate2: { type: "array", description: "(x, y) in pixels; the end of a swipe" },
          text: { type: "string", description: "for key, type and open" },
          button: { type: "string", enum: ["Back", "Home", "Menu", "Enter"], description: "for system_button" },
          status: { type: "string", enum: ["success", "failure"], description: "for terminate" },
        },
      },
    },
  };
  return `You are a helpful assistant.\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n${JSON.stringify(fn)}\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>`;
}

/** A navigation question for one step: the task, the earlier steps (already in the syntax). */
export function navigationPrompt(template: NavigationTemplateId, goal: string, history: readonly HistoryEntry[], convention: ConventionId, resized: { width: number; height: number } | null): NavigationPrompt {
  const keep = TEMPLATES[template].historyLength ?? history.length;
  const recent = keep > 0 ? history.slice(-keep) : [];
  switch (template) {
    case "ui-venus-1.5-mobile":
      return { system: null, user: uiVenusNavigationPrompt(UI_VENUS_MOBILE_ROWS, goal, recent) };
    case "ui-venus-1.5-web":
      return { system: null, user: uiVenusNavigationPrompt(UI_VENUS_WEB_ROWS, goal, recent) };
    case "verity-navigation":
      return { system: null, user: uiVenusNavigationPrompt(VERITY_NAVIGATION(convention), goal, recent) };
    case "qwen2.5-vl-mobile-use": {
      // The cookbook's history lists each call as its JSON, without the <tool_call> tags
      // (mobile_agent.ipynb line 253: 'Step 1: {"name": "mobile_use", ...}; ').
      const progress = recent.map((h, i) => `Step ${i + 1}: ${toolCallBody(h.action)}; `).join("");
      return { system: mobileUseSystem(resized ?? { width: 0, height: 0 }), user: `The user query: ${goal}\nTask progress (You have done the following operation on the current device): ${progress}` };
    }
  }
}

/** The text of a template as the manifest records it (the placeholders left in). */
export function templateText(template: TemplateId, convention: ConventionId, target: TargetKind): string {
  switch (template) {
    case "ui-venus-1.5-grounding":
      return groundingPrompt(template, "{instruction}", convention, target);
    case "verity-grounding":
      return groundingPrompt(template, "{instruction}", convention, target);
    case "ui-venus-1.5-mobile":
      return UI_VENUS_MOBILE_ROWS;
    case "ui-venus-1.5-web":
      return UI_VENUS_WEB_ROWS;
    case "verity-navigation":
      return VERITY_NAVIGATION(convention);
    case "qwen2.5-vl-mobile-use":
      return `${mobileUseSystem({ width: 0, height: 0 }).replace("0x0", "{resized_width}x{resized_height}")}\n---\nThe user query: {goal}\nTask progress (You have done the following operation on the current device): {Step N: <the call's JSON>; ...}`;
  }
}
