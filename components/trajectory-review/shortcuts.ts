// The keyboard map of the trajectory review, in one place: the key handler reads it and the
// help overlay lists it, so what "?" shows is what the keys do.
// Help texts and group names are catalogue keys (lib/i18n/messages/*/trajectory.ts).
import { ERROR_KINDS, type ErrorKind, type StepLabelValue, type TraceVerdict } from "@/lib/domain/labels";
import type { PlainKey } from "@/lib/i18n/translate";

const ERROR_KIND_HELP: Record<ErrorKind, PlainKey> = {
  wrong_element: "errorKind.wrong_element",
  wrong_action: "errorKind.wrong_action",
  wrong_text: "errorKind.wrong_text",
  premature_finish: "errorKind.premature_finish",
  hallucinated: "errorKind.hallucinated",
  redundant: "errorKind.redundant",
  env_issue: "errorKind.env_issue",
  no_effect: "errorKind.no_effect",
};

export type Command =
  | { kind: "label"; label: StepLabelValue }
  | { kind: "clearLabel" }
  | { kind: "restCorrect" }
  | { kind: "errorKind"; errorKind: ErrorKind }
  | { kind: "firstWrong" }
  | { kind: "trace"; verdict: TraceVerdict }
  | { kind: "subGoal"; action: "next" | "cycle" }
  | { kind: "step"; to: "next" | "previous" | "first" | "last" }
  | { kind: "trajectory"; to: "next" | "previous" }
  | { kind: "pointMode" }
  | { kind: "snap" }
  | { kind: "editText" }
  | { kind: "raw" }
  | { kind: "overlay" }
  | { kind: "notes" }
  | { kind: "changes" }
  | { kind: "zoom"; to: "in" | "out" | "fit" }
  | { kind: "acceptNoEffect" }
  | { kind: "marks" }
  | { kind: "findElement" }
  | { kind: "tree" }
  | { kind: "submit" }
  | { kind: "help" }
  | { kind: "escape" };

export type Shortcut = { keys: string[]; shown: string; help: PlainKey; group: PlainKey; command: Command };

const STEPS = "trajectory.keys.group.steps";
const LABEL = "trajectory.keys.group.label";
const TRACE = "trajectory.keys.group.trace";
const SUB_GOALS = "trajectory.keys.group.subGoals";
const VIEW = "trajectory.keys.group.view";
const TRAJECTORIES = "trajectory.keys.group.trajectories";

export const SHORTCUTS: Shortcut[] = [
  { group: STEPS, keys: ["ArrowRight", "j"], shown: "→ / j", help: "trajectory.keys.nextStep", command: { kind: "step", to: "next" } },
  { group: STEPS, keys: ["ArrowLeft", "k"], shown: "← / k", help: "trajectory.keys.previousStep", command: { kind: "step", to: "previous" } },
  { group: STEPS, keys: ["Home"], shown: "Home", help: "trajectory.keys.firstStep", command: { kind: "step", to: "first" } },
  { group: STEPS, keys: ["End"], shown: "End", help: "trajectory.keys.lastStep", command: { kind: "step", to: "last" } },
  { group: LABEL, keys: ["c"], shown: "c", help: "trajectory.keys.correct", command: { kind: "label", label: "correct" } },
  { group: LABEL, keys: ["x"], shown: "x", help: "trajectory.keys.incorrect", command: { kind: "label", label: "incorrect" } },
  { group: LABEL, keys: ["u"], shown: "u", help: "trajectory.keys.unsure", command: { kind: "label", label: "unsure" } },
  { group: LABEL, keys: ["l"], shown: "l", help: "trajectory.keys.restCorrect", command: { kind: "restCorrect" } },
  { group: LABEL, keys: ["Backspace", "Delete"], shown: "⌫ / Del", help: "trajectory.keys.clearLabel", command: { kind: "clearLabel" } },
  ...ERROR_KINDS.map((errorKind, i) => ({
    group: "trajectory.keys.group.errorKind" as const,
    keys: [String(i + 1)],
    shown: String(i + 1),
    help: ERROR_KIND_HELP[errorKind],
    command: { kind: "errorKind", errorKind } as Command,
  })),
  { group: LABEL, keys: ["a"], shown: "a", help: "trajectory.keys.acceptNoEffect", command: { kind: "acceptNoEffect" } },
  { group: LABEL, keys: ["w"], shown: "w", help: "trajectory.keys.firstWrong", command: { kind: "firstWrong" } },
  { group: LABEL, keys: ["p"], shown: "p", help: "trajectory.keys.pointMode", command: { kind: "pointMode" } },
  { group: LABEL, keys: ["b"], shown: "b", help: "trajectory.keys.snap", command: { kind: "snap" } },
  { group: LABEL, keys: ["e"], shown: "e", help: "trajectory.keys.editText", command: { kind: "editText" } },
  { group: TRACE, keys: ["s"], shown: "s", help: "trajectory.keys.success", command: { kind: "trace", verdict: "success" } },
  { group: TRACE, keys: ["f"], shown: "f", help: "trajectory.keys.failure", command: { kind: "trace", verdict: "failure" } },
  { group: TRACE, keys: ["n"], shown: "n", help: "trajectory.keys.traceUnsure", command: { kind: "trace", verdict: "unsure" } },
  { group: SUB_GOALS, keys: ["g"], shown: "g", help: "trajectory.keys.nextSubGoal", command: { kind: "subGoal", action: "next" } },
  { group: SUB_GOALS, keys: ["h"], shown: "h", help: "trajectory.keys.cycleSubGoal", command: { kind: "subGoal", action: "cycle" } },
  // The box editor's zoom keys (lib/editor/keyboard.ts KEYMAP); its "1" (actual size) is an
  // error kind here.
  { group: VIEW, keys: ["+", "="], shown: "+ / =", help: "trajectory.keys.zoomIn", command: { kind: "zoom", to: "in" } },
  { group: VIEW, keys: ["-"], shown: "-", help: "trajectory.keys.zoomOut", command: { kind: "zoom", to: "out" } },
  { group: VIEW, keys: ["0"], shown: "0", help: "trajectory.keys.fit", command: { kind: "zoom", to: "fit" } },
  { group: VIEW, keys: ["o"], shown: "o", help: "trajectory.keys.overlay", command: { kind: "overlay" } },
  { group: VIEW, keys: ["i"], shown: "i", help: "trajectory.keys.notes", command: { kind: "notes" } },
  { group: VIEW, keys: ["d"], shown: "d", help: "trajectory.keys.changes", command: { kind: "changes" } },
  { group: VIEW, keys: ["m"], shown: "m", help: "trajectory.keys.marks", command: { kind: "marks" } },
  { group: VIEW, keys: ["/"], shown: "/", help: "trajectory.keys.findElement", command: { kind: "findElement" } },
  { group: VIEW, keys: ["r"], shown: "r", help: "trajectory.keys.raw", command: { kind: "raw" } },
  { group: VIEW, keys: ["t"], shown: "t", help: "trajectory.keys.tree", command: { kind: "tree" } },
  { group: VIEW, keys: ["?"], shown: "?", help: "trajectory.keys.help", command: { kind: "help" } },
  { group: VIEW, keys: ["Escape"], shown: "Esc", help: "trajectory.keys.escape", command: { kind: "escape" } },
  { group: TRAJECTORIES, keys: ["]"], shown: "]", help: "trajectory.keys.nextTrajectory", command: { kind: "trajectory", to: "next" } },
  { group: TRAJECTORIES, keys: ["["], shown: "[", help: "trajectory.keys.previousTrajectory", command: { kind: "trajectory", to: "previous" } },
  { group: TRAJECTORIES, keys: [], shown: "Ctrl/⌘+Enter", help: "trajectory.keys.submit", command: { kind: "submit" } },
];

export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

// Letters match either case (Caps Lock should not silence the keys); other keys match exactly.
export function commandFor(event: KeyboardEvent): Command | null {
  if ((event.ctrlKey || event.metaKey) && event.key === "Enter") return { kind: "submit" };
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = /^[A-Z]$/.test(event.key) ? event.key.toLowerCase() : event.key;
  return SHORTCUTS.find((s) => s.keys.includes(key))?.command ?? null;
}
