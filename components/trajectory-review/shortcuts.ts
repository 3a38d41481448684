// The keyboard map of the trajectory review, in one place: the key handler reads it and the
// help overlay lists it, so what "?" shows is what the keys do.
import { ERROR_KINDS, type ErrorKind, type StepLabelValue, type TraceVerdict } from "@/lib/domain/labels";

export type Command =
  | { kind: "label"; label: StepLabelValue }
  | { kind: "clearLabel" }
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
  | { kind: "marks" }
  | { kind: "findElement" }
  | { kind: "tree" }
  | { kind: "submit" }
  | { kind: "help" }
  | { kind: "escape" };

export type Shortcut = { keys: string[]; shown: string; help: string; group: string; command: Command };

export const SHORTCUTS: Shortcut[] = [
  { group: "Steps", keys: ["ArrowRight", "j"], shown: "→ / j", help: "next step", command: { kind: "step", to: "next" } },
  { group: "Steps", keys: ["ArrowLeft", "k"], shown: "← / k", help: "previous step", command: { kind: "step", to: "previous" } },
  { group: "Steps", keys: ["Home"], shown: "Home", help: "first step", command: { kind: "step", to: "first" } },
  { group: "Steps", keys: ["End"], shown: "End", help: "last step", command: { kind: "step", to: "last" } },
  { group: "Step label", keys: ["c"], shown: "c", help: "correct, then next step", command: { kind: "label", label: "correct" } },
  { group: "Step label", keys: ["x"], shown: "x", help: "incorrect (stay to add an error kind)", command: { kind: "label", label: "incorrect" } },
  { group: "Step label", keys: ["u"], shown: "u", help: "unsure", command: { kind: "label", label: "unsure" } },
  { group: "Step label", keys: ["Backspace", "Delete"], shown: "⌫ / Del", help: "clear the step's label", command: { kind: "clearLabel" } },
  ...ERROR_KINDS.map((errorKind, i) => ({
    group: "Error kind (toggles; marks the step incorrect)",
    keys: [String(i + 1)],
    shown: String(i + 1),
    help: errorKind.replace(/_/g, " "),
    command: { kind: "errorKind", errorKind } as Command,
  })),
  { group: "Step label", keys: ["w"], shown: "w", help: "this is the first wrong step (toggles)", command: { kind: "firstWrong" } },
  { group: "Step label", keys: ["p"], shown: "p", help: "correct the point: click the screenshot (point actions)", command: { kind: "pointMode" } },
  { group: "Step label", keys: ["b"], shown: "b", help: "snap the corrected point to the centre of the UI element selected in the tree (t)", command: { kind: "snap" } },
  { group: "Step label", keys: ["e"], shown: "e", help: "edit the typed text (type actions)", command: { kind: "editText" } },
  { group: "Trace verdict", keys: ["s"], shown: "s", help: "success", command: { kind: "trace", verdict: "success" } },
  { group: "Trace verdict", keys: ["f"], shown: "f", help: "failure", command: { kind: "trace", verdict: "failure" } },
  { group: "Trace verdict", keys: ["n"], shown: "n", help: "unsure (not sure)", command: { kind: "trace", verdict: "unsure" } },
  { group: "Sub-goals (benchmarks that check some)", keys: ["g"], shown: "g", help: "select the next sub-goal", command: { kind: "subGoal", action: "next" } },
  { group: "Sub-goals (benchmarks that check some)", keys: ["h"], shown: "h", help: "the selected sub-goal: met, unmet, not marked", command: { kind: "subGoal", action: "cycle" } },
  { group: "View", keys: ["o"], shown: "o", help: "hide / show the action drawn on the screenshot", command: { kind: "overlay" } },
  { group: "View", keys: ["m"], shown: "m", help: "the screenshot with the agent's numbered labels / the clean one", command: { kind: "marks" } },
  { group: "View", keys: ["/"], shown: "/", help: "search the elements the agent was shown", command: { kind: "findElement" } },
  { group: "View", keys: ["r"], shown: "r", help: "show / hide the raw model output", command: { kind: "raw" } },
  { group: "View", keys: ["t"], shown: "t", help: "show / hide the UI tree", command: { kind: "tree" } },
  { group: "View", keys: ["?"], shown: "?", help: "this help", command: { kind: "help" } },
  { group: "View", keys: ["Escape"], shown: "Esc", help: "close help, stop correcting the point, leave a field", command: { kind: "escape" } },
  { group: "Trajectories", keys: ["]"], shown: "]", help: "next trajectory (the draft is saved)", command: { kind: "trajectory", to: "next" } },
  { group: "Trajectories", keys: ["["], shown: "[", help: "previous trajectory", command: { kind: "trajectory", to: "previous" } },
  { group: "Trajectories", keys: [], shown: "Ctrl / ⌘ + Enter", help: "submit, then next trajectory", command: { kind: "submit" } },
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
