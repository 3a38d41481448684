// Qwen2.5-VL grounding through its computer_use tool, as the Qwen2.5-VL cookbooks ask it:
// a system prompt that declares the tool (Qwen-Agent's NousFnCallPrompt), the instruction as
// the user's text, and a reply <tool_call>{"name": "computer_use", "arguments": {"action":
// "left_click", "coordinate": [x, y]}}</tool_call> in pixels of the smart-resized image the
// model sees; the tool's description states that image's size, which is why the prompt has
// {display_width_px} and {display_height_px} (displaySize below computes them).
// Pure.
import { QWEN25_FACTOR, QWEN25_MAX_PIXELS, QWEN25_MIN_PIXELS, smartResize } from "@/lib/exports/conventions/smart-resize";
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";
import { pythonJsonDumps } from "@/lib/models/templates/python-json";
import { literalBraces } from "@/lib/models/templates/render-prompt";

// Reproduced word for word: the ComputerUse tool, QwenLM/Qwen2.5-VL@f0af299
// cookbooks/utils/agent_function_call.py:146-220 (description and parameters, .strip()ped as
// there). The two sentinels stand where the cookbook puts the resized width and height.
const WIDTH = "@@display_width_px@@";
const HEIGHT = "@@display_height_px@@";
const COMPUTER_USE = {
  name_for_human: "computer_use",
  name: "computer_use",
  description: [
    "Use a mouse and keyboard to interact with a computer, and take screenshots.",
    "* This is an interface to a desktop GUI. You do not have access to a terminal or applications menu. You must click on desktop icons to start applications.",
    "* Some applications may take time to start or process actions, so you may need to wait and take successive screenshots to see the results of your actions. E.g. if you click on Firefox and a window doesn't open, try wait and taking another screenshot.",
    `* The screen's resolution is ${WIDTH}x${HEIGHT}.`,
    "* Whenever you intend to move the cursor to click on an element like an icon, you should consult a screenshot to determine the coordinates of the element before moving the cursor.",
    "* If you tried clicking on a program or link but it failed to load, even after waiting, try adjusting your cursor position so that the tip of the cursor visually falls on the element that you want to click.",
    "* Make sure to click any buttons, links, icons, etc with the cursor tip in the center of the element. Don't click boxes on their edges unless asked.",
  ].join("\n"),
  parameters: {
    properties: {
      action: {
        description: [
          "The action to perform. The available actions are:",
          "* `key`: Performs key down presses on the arguments passed in order, then performs key releases in reverse order.",
          "* `type`: Type a string of text on the keyboard.",
          "* `mouse_move`: Move the cursor to a specified (x, y) pixel coordinate on the screen.",
          "* `left_click`: Click the left mouse button.",
          "* `left_click_drag`: Click and drag the cursor to a specified (x, y) pixel coordinate on the screen.",
          "* `right_click`: Click the right mouse button.",
          "* `middle_click`: Click the middle mouse button.",
          "* `double_click`: Double-click the left mouse button.",
          "* `scroll`: Performs a scroll of the mouse scroll wheel.",
          "* `wait`: Wait specified seconds for the change to happen.",
          "* `terminate`: Terminate the current task and report its completion status.",
        ].join("\n"),
        enum: ["key", "type", "mouse_move", "left_click", "left_click_drag", "right_click", "middle_click", "double_click", "scroll", "wait", "terminate"],
        type: "string",
      },
      keys: { description: "Required only by `action=key`.", type: "array" },
      text: { description: "Required only by `action=type`.", type: "string" },
      coordinate: {
        description: "(x, y): The x (pixels from the left edge) and y (pixels from the top edge) coordinates to move the mouse to. Required only by `action=mouse_move` and `action=left_click_drag`.",
        type: "array",
      },
      pixels: { description: "The amount of scrolling to perform. Positive values scroll up, negative values scroll down. Required only by `action=scroll`.", type: "number" },
      time: { description: "The seconds to wait. Required only by `action=wait`.", type: "number" },
      status: { description: "The status of the task. Required only by `action=terminate`.", type: "string", enum: ["success", "failure"] },
    },
    required: ["action"],
    type: "object",
  },
  // The Qwen-Agent of the cookbooks' time added this key; its printed prompt shows it
  // (cookbooks/mobile_agent.ipynb:196-211 at f0af299).
  args_format: "Format the arguments as a JSON object.",
};

// Reproduced: Qwen-Agent's FN_CALL_TEMPLATE (QwenLM/Qwen-Agent@31a4d36
// qwen_agent/llm/fncall_prompts/nous_fncall_prompt.py:254-266) appended after "\n\n" to the
// cookbook's system text "You are a helpful assistant." (nous_fncall_prompt.py:97-98). Written
// here as a format string: the tool JSON's braces doubled, the size left as placeholders.
const toolJson = literalBraces(pythonJsonDumps({ type: "function", function: COMPUTER_USE }))
  .replace(WIDTH, "{display_width_px}")
  .replace(HEIGHT, "{display_height_px}");

const SYSTEM = `You are a helpful assistant.

# Tools

You may call one or more functions to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
${toolJson}
</tools>

For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:
<tool_call>
{{"name": <function-name>, "arguments": <args-json-object>}}
</tool_call>`;

// Reproduced: the cookbook's grounding call (cookbooks/computer_use.ipynb, perform_gui_grounding:
// the instruction alone as the user's text, the screenshot as an image_url part before it in
// its OpenAI-API variant). That notebook was not readable in the stored snapshot; its call is
// the mobile_agent notebook's with ComputerUse in place of MobileUse, as copies of it show.
// Adapted: none beyond filling the resized size, which the cookbook computes with
// qwen-vl-utils' smart_resize from the processor's min/max pixels.
export const QWEN25_VL_COMPUTER_USE_GROUNDING: PromptTemplate = {
  id: "qwen2.5-vl-computer-use-grounding",
  version: 1,
  task: "grounding",
  name: "Qwen2.5-VL grounding via the computer_use tool (pixels of the resized image)",
  parser: "point_qwen25_tool",
  system: SYSTEM,
  user: "{instruction}",
  images: "screenshot",
  imagePlacement: "before_text",
  convention: "qwen25-abs",
  minPixels: QWEN25_MIN_PIXELS,
  maxPixels: QWEN25_MAX_PIXELS,
  source:
    "QwenLM/Qwen2.5-VL@f0af2996e843cf46aa5f778c38d6694500c2ca81 cookbooks/utils/agent_function_call.py:146-220 (the computer_use tool) and cookbooks/computer_use.ipynb (perform_gui_grounding: system 'You are a helpful assistant.', the instruction as the user text, reply split on <tool_call>); the tool JSON's shape (name_for_human, args_format) as printed in cookbooks/mobile_agent.ipynb:196-211; QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0 qwen_agent/llm/fncall_prompts/nous_fncall_prompt.py:90-101,254-266 (FN_CALL_TEMPLATE)",
};

/** The {display_width_px}/{display_height_px} values: the screenshot's smart-resized size. */
export function displaySize(image: { width: number; height: number }, limits: { minPixels?: number; maxPixels?: number } = {}): { display_width_px: string; display_height_px: string } {
  const resized = smartResize(image.width, image.height, { factor: QWEN25_FACTOR, minPixels: limits.minPixels ?? QWEN25_MIN_PIXELS, maxPixels: limits.maxPixels ?? QWEN25_MAX_PIXELS });
  return { display_width_px: String(resized.width), display_height_px: String(resized.height) };
}
