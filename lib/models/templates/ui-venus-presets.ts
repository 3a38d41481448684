// UI-Venus-1.5's grounding question and Verity's outcome judge in UI-Venus' style.
// Pure.
import { UI_VENUS_15_GROUNDING } from "@/lib/exports/conventions/ui-venus-prompts";
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";

// Reproduced word for word: the grounding prompt with the refusal sentence (the one the pools
// already export, lib/exports/conventions/ui-venus-prompts.ts), its positional {} named
// {instruction}; the instruction's trailing '.' is dropped as the evaluator does (:69-70) and
// the screenshot goes before the text (:79-86). The reply is a point on the [0,1000] grid or
// [-1,-1] when the target is absent, read as parse-point-venus.ts does (:130-172).
export const UI_VENUS_15_GROUNDING_PRESET: PromptTemplate = {
  id: "ui-venus-1.5-grounding",
  version: 1,
  task: "grounding",
  name: "UI-Venus-1.5 grounding (point on [0,1000], [-1,-1] when absent)",
  parser: "point_venus",
  user: UI_VENUS_15_GROUNDING.replace("{}", "{instruction}"),
  images: "screenshot",
  imagePlacement: "before_text",
  convention: "rel1000",
  dropTrailingPeriod: ["instruction"],
  source:
    "inclusionAI/UI-Venus@c3a1442c3c4501af18c124458dbbddcbda5c2c6f models/grounding/ui_venus1_5_gd.py:69-86 (prompt with refusal, trailing '.' dropped, image then text), :130-172 (reply parsing); the same prompt in models/grounding/eval_screenspot_pro.py:84-91",
};

// Verity's own text: inclusionAI/UI-Venus@c3a1442 ships no judge prompt (its repository holds
// grounding and navigation code only). Written in the shape of its navigation prompts (a bold
// role line, ### sections, an explicit output format: models/navigation/utils.py:4-87) for a
// judge that sees only the task and the final keyframe. Its output format is WebJudge's two
// lines (Thoughts / Status), so one parser ("verdict") reads both judges.
const OUTCOME_JUDGE = `**You are a GUI Agent evaluator.**
Your task is to decide whether a GUI agent has completed the user task, judging from the task and the final screenshot of its trajectory only.

### User Task
{goal}

### Instruction
- The screenshot shows the screen after the agent's last action.
- The task is complete only if the screenshot shows the state the task asks for: the page, setting, item, message or result it names, with every condition of the task met.
- If the task asks a question, the answer must be visible in the screenshot.
- An intermediate page, an error, a login or captcha wall, or an unrelated screen means the task failed.
- If the screenshot does not let you tell, the task failed.

### Output Format
Thoughts: <what the screenshot shows, and each condition of the task checked against it>
Status: "success" or "failure"`;

export const UI_VENUS_15_OUTCOME_JUDGE: PromptTemplate = {
  id: "ui-venus-1.5-outcome-judge",
  version: 1,
  task: "outcome_judge",
  name: "Outcome judge on the task and the final keyframe (Verity's text, UI-Venus style)",
  parser: "verdict",
  user: OUTCOME_JUDGE,
  images: "final_keyframe",
  imagePlacement: "before_text",
  convention: null,
  source:
    "Verity's text (no judge prompt exists in inclusionAI/UI-Venus@c3a1442c3c4501af18c124458dbbddcbda5c2c6f); styled after models/navigation/utils.py:4-87; output format shared with WebJudge (OSU-NLP-Group/Online-Mind2Web src/methods/webjudge_online_mind2web.py, see webjudge-presets.ts)",
};
