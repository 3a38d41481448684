// UI-TARS grounding: the GROUNDING prompt of bytedance/UI-TARS, which asks for a bare
// "Action: click(...)". Two versions exist and they differ in the coordinate syntax:
//   - the open-weights UI-TARS-1.5 (a Qwen2.5-VL model) was published with
//     click(start_box='<|box_start|>(x1,y1)<|box_end|>'), absolute pixels of the image
//     smart-resized with min_pixels 100*28*28 (codes/prompts.py at 6b315cc, README_coordinates.md);
//   - the repository's head (582f3a7, the `ui-tars` parser package) renamed it GROUNDING_DOUBAO
//     and asks click(point='<point>x1 y1</point>'), which its parser reads on a relative
//     [0,1000] grid for model_type "doubao" (codes/ui_tars/action_parser.py:146-266).
// Both are kept, each with the convention its model answers in. The text sits in a first user
// message and the screenshot in a second one, as UI-TARS' own example messages do
// (data/test_messages_single_image.json).
// Pure.
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";

const UI_TARS_MIN_PIXELS = 100 * 28 * 28;
const UI_TARS_MAX_PIXELS = 16384 * 28 * 28;

// Reproduced word for word, typos included (the model was trained on them): GROUNDING,
// bytedance/UI-TARS@6b315cc codes/prompts.py:58-59. Adapted: none.
export const UI_TARS_15_GROUNDING: PromptTemplate = {
  id: "ui-tars-1.5-grounding",
  version: 1,
  task: "grounding",
  name: "UI-TARS-1.5 grounding (open weights: start_box, pixels of the resized image)",
  parser: "point_uitars",
  user: "You are a GUI agent. You are given a task and your action history, with screenshots. You need to perform the next action to complete the task. \n\n## Output Format\n\nAction: ...\n\n\n## Action Space\nclick(start_box='<|box_start|>(x1,y1)<|box_end|>')\n\n## User Instruction\n{instruction}",
  images: "screenshot",
  imagePlacement: "next_user_message",
  convention: "qwen25-abs",
  minPixels: UI_TARS_MIN_PIXELS,
  maxPixels: UI_TARS_MAX_PIXELS,
  source:
    "bytedance/UI-TARS@6b315cc0c3ae8ff3b5412a25aa3ebac1bae32f58 codes/prompts.py:58-59 (GROUNDING); coordinates per README_coordinates.md and bytedance/UI-TARS@582f3a7ea5d285ee8ed9e2e84048d1ab01453c49 codes/ui_tars/action_parser.py:7-9,146-170,241-266 (qwen25vl: absolute on smart_resize with min_pixels 100*28*28); message layout per data/test_messages_single_image.json",
};

// Reproduced word for word, including the stray quote in "</point>'')": GROUNDING_DOUBAO,
// bytedance/UI-TARS@582f3a7 codes/ui_tars/prompt.py:59-60. Adapted: none.
export const UI_TARS_GROUNDING_DOUBAO: PromptTemplate = {
  id: "ui-tars-grounding-doubao",
  version: 1,
  task: "grounding",
  name: "UI-TARS grounding, <point> syntax (Doubao / ui-tars package head, [0,1000] grid)",
  parser: "point_uitars",
  user: "You are a GUI agent. You are given a task and your action history, with screenshots. You need to perform the next action to complete the task. \n\n## Output Format\n\nAction: ...\n\n\n## Action Space\nclick(point='<point>x1 y1</point>'')\n\n## User Instruction\n{instruction}",
  images: "screenshot",
  imagePlacement: "next_user_message",
  convention: "rel1000",
  source:
    "bytedance/UI-TARS@582f3a7ea5d285ee8ed9e2e84048d1ab01453c49 codes/ui_tars/prompt.py:59-60 (GROUNDING_DOUBAO); codes/ui_tars/action_parser.py:13-27,155-162,258-259 (<point>x y</point> read as start_box, divided by factor 1000)",
};
