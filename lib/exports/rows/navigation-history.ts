// The earlier steps a navigation prompt lists before the step it asks about: what the agent
// actually did (that is what led to the screenshot), each action in the model's action syntax
// on its own step's screenshot, and, where the template shows it (UI-Venus' "Step i:
// <think>..</think><action>..</action>"), the thought the agent recorded. Everything in a
// history line is in the target's coordinate space (issue 36 item 3: AndroidLab thoughts
// carried device-pixel bounds "#[3,589][239,825]#" beside an action on the [0,1000] grid): a
// thought's AndroidLab bounds are converted (thought-coordinates.ts), a thought holding
// coordinates in any other form is left out of its line, and a pool may leave every thought
// out (settings.historyThoughts "omit"). Each line so treated is counted under history:*.
import type { Action } from "@/lib/domain/actions";
import { renderAction, type ActionSyntaxId } from "@/lib/exports/conventions/action-syntax";
import type { ConventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { thoughtInConvention } from "@/lib/exports/conventions/thought-coordinates";
import type { StepRecord } from "@/lib/exports/read/verified-trajectories";
import { TEMPLATES } from "@/lib/exports/conventions/prompt-templates";
import type { Counter, RowStyle } from "@/lib/exports/rows/row-style";
import type { RowImage } from "@/lib/exports/rows/training-row";

export type StepView = { step: StepRecord; image: RowImage | null; space: ConventionSpace | null; executed: Action | null };

export type HistoryEntry = { think: string; action: string };

// How a pool's history treats thoughts: converted where possible, left out, or not shown by the
// template at all (the Qwen2.5-VL mobile_use history lists actions only).
export type HistoryThoughts = "convert" | "omit" | "not_shown";

// An action with no coordinates renders on any screenshot; one with coordinates needs its own.
const NO_IMAGE: ConventionSpace = { convention: "norm1", image: { width: 0, height: 0 }, resized: null, extent: { width: 1, height: 1 }, rounding: "half-up" };

function thoughtLine(view: StepView, thoughts: HistoryThoughts, count: Counter): string {
  const thought = view.step.thought ?? "";
  if (thought === "" || thoughts === "not_shown") return "";
  if (thoughts === "omit") {
    count("history:thoughts_omitted");
    return "";
  }
  const result = thoughtInConvention(thought, view.space);
  if ("leftOut" in result) {
    count(`history:thoughts_left_out_${result.leftOut}`);
    return "";
  }
  if (result.converted > 0) count("history:thoughts_converted");
  return result.text;
}

/** The earlier steps as the prompt lists them, or the reason one cannot be written. */
export function historyOf(views: readonly StepView[], upTo: number, syntax: ActionSyntaxId, thoughts: HistoryThoughts, count: Counter): HistoryEntry[] | string {
  const actions: string[] = [];
  const earlier = views.slice(0, upTo);
  for (const view of earlier) {
    if (!view.executed) return "skipped:history_unparseable";
    const rendered = renderAction(view.executed, syntax, view.space ?? NO_IMAGE);
    if ("problem" in rendered) {
      if (!view.space && rendered.problem === "outside_image") return "skipped:history_image_missing";
      return rendered.problem === "no_coordinates" ? "excluded:history_element_label_without_box" : `skipped:history_${rendered.problem}`;
    }
    actions.push(rendered.text);
  }
  // Thoughts are counted only for a history that is written.
  return earlier.map((view, i) => ({ think: thoughtLine(view, thoughts, count), action: actions[i]! }));
}

export const HISTORY_RULES = {
  convert:
    "each earlier step's recorded thought, with AndroidLab's element bounds [x1,y1][x2,y2] (device pixels) written in the pool's convention; a thought holding coordinates in any other form is left out of its line (manifest counts history:*)",
  omit: "the earlier actions only: the pool leaves the agent's thoughts out (settings.historyThoughts omit)",
  not_shown: "the earlier actions only: the template shows no thoughts",
} as const;

/** What a navigation pool's history lines carry besides the actions: the one place that decides it (rows, manifest, README). */
export function historyNote(style: RowStyle): { thoughts: keyof typeof HISTORY_RULES; rule: string } {
  const thoughts = TEMPLATES[style.template].thoughtsInHistory ? style.historyThoughts : "not_shown";
  return { thoughts, rule: HISTORY_RULES[thoughts] };
}
