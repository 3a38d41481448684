// The glue between WebJudge's three calls, as its evaluator does it, so a Verity run asks the
// outcome question in the same words as the benchmark's judge (webjudge-presets.ts):
//   - a screenshot is kept when its relevance score is >= 3 (run.py's --score_threshold
//     default), at most 50 of them (MAX_IMAGE), their reasons numbered alongside;
//   - the action history is numbered "1. action" one per line.
// OSU-NLP-Group/Online-Mind2Web src/methods/webjudge_online_mind2web.py:153-173 (as read from
// microsoft/fara@3f3f1fd's copy) and src/run.py@ccdeb0d (--score_threshold 3).
// Pure.
import { MAX_KEY_SCREENSHOTS } from "@/lib/models/templates/render-prompt";

export const WEBJUDGE_SCORE_THRESHOLD = 3;

const numbered = (lines: readonly string[]) => lines.map((line, i) => `${i + 1}. ${line}`).join("\n");

export type ScoredScreenshot = { image: string; score: number; reasoning: string };

/** Whether a screenshot with this relevance score is one the outcome question is shown. */
export const isKeyScreenshot = (score: number, threshold = WEBJUDGE_SCORE_THRESHOLD): boolean => score >= threshold;

/** The screenshots (data URLs) and reasons the outcome question shows, in trajectory order. */
export function keyScreenshots(scored: readonly ScoredScreenshot[], threshold = WEBJUDGE_SCORE_THRESHOLD): { images: string[]; thoughts: string } {
  const kept = scored.filter((s) => isKeyScreenshot(s.score, threshold));
  // The original caps images and reasons separately and numbers only the non-empty reasons,
  // so a reason's number may differ from its image's position; kept so, since the judge was
  // measured with it.
  const reasons = kept.map((s) => s.reasoning).filter((r) => r !== "").slice(0, MAX_KEY_SCREENSHOTS);
  return { images: kept.slice(0, MAX_KEY_SCREENSHOTS).map((s) => s.image), thoughts: numbered(reasons) };
}

/** The {last_actions} value: one numbered line per action. */
export const webJudgeActionHistory = (actions: readonly string[]): string => numbered(actions);
