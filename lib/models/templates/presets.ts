// The prompt presets Verity ships, by id. Each one's file says what was reproduced from its
// source and what was adapted; each `source` cites repo@commit path:lines.
// A preset's text never changes under the same version: a run records id, version and
// templateHash, and a changed text must get a new version so older runs stay explainable.
// Pure.
import type { PromptTemplate, TemplateTask } from "@/lib/models/templates/prompt-template";
import { QUALITY_TEACHER } from "@/lib/models/templates/quality-preset";
import { QWEN25_VL_COMPUTER_USE_GROUNDING } from "@/lib/models/templates/qwen25-presets";
import { UI_TARS_15_GROUNDING, UI_TARS_GROUNDING_DOUBAO } from "@/lib/models/templates/ui-tars-presets";
import { UI_VENUS_15_GROUNDING_PRESET, UI_VENUS_15_OUTCOME_JUDGE } from "@/lib/models/templates/ui-venus-presets";
import { WEBJUDGE_KEY_POINTS, WEBJUDGE_KEY_SCREENSHOT, WEBJUDGE_OUTCOME } from "@/lib/models/templates/webjudge-presets";

export const PRESETS: readonly PromptTemplate[] = [
  UI_VENUS_15_GROUNDING_PRESET,
  QWEN25_VL_COMPUTER_USE_GROUNDING,
  UI_TARS_15_GROUNDING,
  UI_TARS_GROUNDING_DOUBAO,
  UI_VENUS_15_OUTCOME_JUDGE,
  WEBJUDGE_KEY_POINTS,
  WEBJUDGE_KEY_SCREENSHOT,
  WEBJUDGE_OUTCOME,
  QUALITY_TEACHER,
];

/** The preset with this id, or undefined. */
export const findPreset = (id: string): PromptTemplate | undefined => PRESETS.find((p) => p.id === id);

/** The presets for one task, in the order above. */
export const presetsFor = (task: TemplateTask): PromptTemplate[] => PRESETS.filter((p) => p.task === task);
