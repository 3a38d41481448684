// The quality teacher: Verity's own text, after the UI-Venus-1.5 Technical Report's mid-training
// data refinement (arXiv:2602.09082): a large VLM teacher (Qwen3-VL-235B-A22B there) scores each
// grounding/navigation sample 0-10 on action-visual alignment and task reachability; >= 7 goes
// to the gold pool, 4-6 is rewritten, <= 3 is rebuilt or dropped. The report publishes no
// prompt, so the bands, the two criteria and the rewrite are spelled out here, and the reply
// is one JSON object that parse-score-rewrite.ts checks strictly.
// {coordinate_space} is required because the teacher must know what the numbers in {action}
// mean (e.g. "a [0,1000] grid relative to the screenshot" or "pixels of the screenshot").
// Pure.
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";

const SYSTEM = "You are a quality teacher for GUI-agent training data. You review one sample at a time: a screenshot, the instruction given to the agent, and the action the sample labels as the correct answer. You score how fit the sample is for training and say why.";

const USER = `### Instruction
{instruction}

### Labelled action
{action}

Coordinates are given as {coordinate_space}.

### What to judge
1. Action-visual alignment: does the labelled action land on an element that is visible in the screenshot and is the one the instruction means (not a neighbour, not empty space, not an element covered by another)?
2. Task reachability: can the instruction be carried out from this screen by this action (the target exists, is visible and enabled, and the instruction names it unambiguously)?

### Score (an integer from 0 to 10)
- 7 to 10: the action matches the instruction on this screen; the sample can be used as it is.
- 4 to 6: the action is right for the screen, but the instruction is vague, ambiguous or does not say exactly what the action does; a rewritten instruction would make the sample correct.
- 0 to 3: the action does not match the screen or the instruction, or the target cannot be reached; rewording the instruction cannot fix it.

### Output
Reply with only a JSON object:
{{"score": <integer 0-10>, "reasons": "<the evidence for the score, naming what you see>", "rewrite": "<an instruction the labelled action answers exactly>" or null}}
Give a rewrite for scores 4 to 6; use null for the other scores.`;

export const QUALITY_TEACHER: PromptTemplate = {
  id: "verity-quality-teacher",
  version: 1,
  task: "quality",
  name: "Quality teacher 0-10 with reasons and a proposed rewrite (Verity's text)",
  parser: "score_rewrite",
  system: SYSTEM,
  user: USER,
  images: "screenshot",
  imagePlacement: "before_text",
  convention: null,
  source:
    "Verity's text after the UI-Venus-1.5 Technical Report (arXiv:2602.09082), Mid-Training, iterative data refinement: 0-10 teacher score on action-visual alignment and task reachability, >=7 gold, 4-6 rewrite, <=3 rebuild or drop; no prompt is published (inclusionAI/UI-Venus@c3a1442c3c4501af18c124458dbbddcbda5c2c6f holds none)",
};
