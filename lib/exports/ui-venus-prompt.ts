// The grounding prompt every grounding export (ms-swift/EasyR1 JSONL, verl parquet,
// mid-training sharegpt) puts before the instruction, so a model trained on any of them sees
// one question. It follows the UI-Venus report's grounding prompt ("Outline the position
// corresponding to the instruction: ... The output should be only [x1,y1,x2,y2].") with the
// two conventions the report states spelled out: coordinates on the [0,1000] grid of the
// screenshot, and [-1,-1] when the target is absent (the refusal answer, SPEC §2).
// Changing this text changes every future export: keep it in step with the trainer's
// evaluation prompt.
import "server-only";

export const UI_VENUS_GROUNDING_PROMPT =
  "Outline the position corresponding to the instruction: {instruction}. " +
  "The output should be only [x1,y1,x2,y2], with coordinates normalized to [0,1000] relative to the screenshot. " +
  "If the target is not present in the screenshot, output [-1,-1].";

// The image placeholder ms-swift, EasyR1, verl and LLaMA-Factory expand into the image tokens.
export const IMAGE_TOKEN = "<image>";
// For row schemas: a regex, not z.string().startsWith, whose JSON Schema carries a
// non-standard `format` that strict validators (ajv) reject.
export const STARTS_WITH_IMAGE = /^<image>/;

export function groundingPrompt(instruction: string): string {
  // A function replacer: a "$&" or "$1" typed in an instruction must stay literal text.
  return UI_VENUS_GROUNDING_PROMPT.replace("{instruction}", () => instruction);
}
