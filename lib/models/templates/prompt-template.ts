// What a versioned prompt template is: the exact text a model is asked with, the parser that
// reads its reply, and which images go where. A run records the template's id, version and
// hash (template-hash.ts), so the text a verdict came from can always be shown again.
// Placeholders follow Python's str.format, because the originals are Python format strings
// (UI-TARS, WebJudge, Qwen-Agent): `{name}` is filled in, `{{` and `}}` are literal braces,
// and any other brace is an error (render-prompt.ts). A zod schema, so a template stored or
// uploaded later is checked at that boundary with the same rules as the presets.
// Pure.
import { z } from "zod";
import { CONVENTIONS } from "@/lib/exports/conventions/coordinate-conventions";

export const TEMPLATE_TASKS = ["grounding", "outcome_judge", "trajectory_judge", "quality"] as const;
export type TemplateTask = (typeof TEMPLATE_TASKS)[number];

// One parser per reply syntax: grounding models disagree on how they write a point, and a
// parser that tried every syntax would read a number in one model's prose as another's point.
export const PARSER_IDS = [
  "point_venus", // [x,y]; [-1,-1] when the target is absent (UI-Venus-1.5 grounding)
  "point_qwen25_tool", // <tool_call>{"name": ..., "arguments": {"action": "left_click", "coordinate": [x, y]}}</tool_call>
  "point_uitars", // Action: click(start_box='(x,y)') / <|box_start|>(x,y)<|box_end|> / <point>x y</point>
  "box", // [x1,y1,x2,y2]; [-1,-1] when absent
  "verdict", // Thoughts: ... / Status: "success" | "failure"
  "score_rewrite", // {"score": 0-10, "reasons": "...", "rewrite": "..." | null}
  "key_points", // WebJudge stage 1: **Key Points**: 1. ... 2. ...
  "relevance", // WebJudge stage 2: **Reasoning**: ... **Score**: 1-5
] as const;
export type ParserId = (typeof PARSER_IDS)[number];

// none: text only (WebJudge key points); screenshot: the one screenshot asked about;
// final_keyframe: the last keyframe of a trajectory; key_screenshots: 0..n selected ones.
export const IMAGE_INPUTS = ["none", "screenshot", "final_keyframe", "key_screenshots"] as const;
export type ImageInput = (typeof IMAGE_INPUTS)[number];

// Where the images go: in the user message before or after its text, or (UI-TARS' own
// messages) in a second user message after the one with the text.
export const IMAGE_PLACEMENTS = ["before_text", "after_text", "next_user_message"] as const;
export type ImagePlacement = (typeof IMAGE_PLACEMENTS)[number];

const PLACEHOLDER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const PromptTemplateSchema = z.object({
  id: z.string().min(1),
  version: z.number().int().positive(),
  task: z.enum(TEMPLATE_TASKS),
  name: z.string().min(1),
  parser: z.enum(PARSER_IDS),
  system: z.string().min(1).optional(),
  user: z.string().min(1),
  // WebJudge asks with other words when no screenshot was kept (its no-image prompt).
  userWhenNoImages: z.string().min(1).optional(),
  images: z.enum(IMAGE_INPUTS),
  imagePlacement: z.enum(IMAGE_PLACEMENTS),
  // The coordinate convention the model answers in, for grounding templates; the connection's
  // min/max pixels may still differ from these defaults (parse-context.ts).
  convention: z.enum(CONVENTIONS).nullable(),
  minPixels: z.number().int().positive().optional(),
  maxPixels: z.number().int().positive().optional(),
  // Values whose trailing '.' is dropped before they are filled in (UI-Venus' evaluator does it).
  dropTrailingPeriod: z.array(z.string().regex(PLACEHOLDER_NAME)).optional(),
  source: z.string().min(1),
});
export type PromptTemplate = z.infer<typeof PromptTemplateSchema>;
