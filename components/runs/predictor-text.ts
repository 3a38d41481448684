// A sampled estimate's predictor as the run page names it (lib/domain/estimates/predictor.ts):
// a judge by its name and prompt version, the automatic outcome by the catalogue's words.
import type { Predictor } from "@/lib/domain/estimates/predictor";
import type { Translate } from "@/lib/i18n/translate";

/** "judge-72b · trace-v3"; null for the automatic outcome, which each sentence words its own way. */
export function judgeLabel(t: Translate, p: Predictor): string | null {
  if (p.kind === "automatic") return null;
  return t("sampled.judgeLabel", { judge: p.judgeName, prompt: p.promptVersion ?? t("calibration.noPromptVersion") });
}
