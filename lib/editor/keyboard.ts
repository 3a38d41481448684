// Keyboard -> editor intent, as a pure function of the key event's fields, so the mapping is
// tested without a DOM. Policy: browser and OS shortcuts stay theirs. Apart from undo/redo,
// nothing fires with Ctrl/Cmd (Ctrl+0 / Ctrl+"+" remain page zoom), and nothing fires with
// Alt (Alt+arrow is history navigation; Ctrl+Alt is AltGr on Windows layouts).
// The caller must not route events from text fields here (label, coordinates, instruction).
import type { Direction } from "@/lib/editor/box-ops";

export type KeyInput = {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
};

export const NUDGE_STEP = 1;
export const NUDGE_STEP_SHIFT = 10;

export type EditorIntent =
  | { type: "nudge"; direction: Direction; step: number }
  | { type: "delete" }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "zoomIn" }
  | { type: "zoomOut" }
  | { type: "fit" }
  | { type: "actualSize" }
  | { type: "deselect" }
  | { type: "drawMode" }
  | { type: "toggleTargetAbsent" }
  | { type: "toggleSnapToPixels" }
  | { type: "snapToElement" }
  | { type: "toggleHelp" }
  // Keyboard-only editing (issue 36, item 33): S / Shift+S select the next / previous box,
  // E / Shift+E choose which edge the arrow keys move (then they resize), O hides the labels.
  | { type: "selectNext" }
  | { type: "selectPrevious" }
  | { type: "nextEdge" }
  | { type: "previousEdge" }
  | { type: "toggleLabels" };

// Maps, not object literals: a lookup must never find an inherited property.
const ARROWS = new Map<string, Direction>([
  ["ArrowLeft", "left"],
  ["ArrowRight", "right"],
  ["ArrowUp", "up"],
  ["ArrowDown", "down"],
]);

// Every intent but nudge carries no data, so its type alone is the intent.
type PlainIntent = Exclude<EditorIntent, { type: "nudge" }>;

// Shift is neither required nor refused here: some of these characters already depend on it
// ("+" is Shift+"=" and "?" is Shift+"/" on US layouts).
const PLAIN_KEYS = new Map<string, PlainIntent["type"]>([
  ["Delete", "delete"],
  ["Backspace", "delete"],
  ["+", "zoomIn"],
  ["=", "zoomIn"],
  ["-", "zoomOut"],
  ["0", "fit"],
  ["1", "actualSize"],
  ["Escape", "deselect"],
  ["n", "drawMode"],
  ["t", "toggleTargetAbsent"],
  ["i", "toggleSnapToPixels"],
  ["b", "snapToElement"],
  ["o", "toggleLabels"],
  ["?", "toggleHelp"],
]);

export function intentForKey(event: KeyInput): EditorIntent | null {
  if (event.altKey) return null;
  // Single letters compare case-insensitively: Caps Lock or Shift turns "z" into "Z".
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.ctrlKey || event.metaKey) {
    if (key === "z") return event.shiftKey ? { type: "redo" } : { type: "undo" };
    if (key === "y" && event.ctrlKey && !event.shiftKey) return { type: "redo" };
    return null;
  }
  const direction = ARROWS.get(key);
  if (direction !== undefined) {
    return { type: "nudge", direction, step: event.shiftKey ? NUDGE_STEP_SHIFT : NUDGE_STEP };
  }
  // Shift reverses these two, so they are not plain keys.
  if (key === "s") return { type: event.shiftKey ? "selectPrevious" : "selectNext" };
  if (key === "e") return { type: event.shiftKey ? "previousEdge" : "nextEdge" };
  const type = PLAIN_KEYS.get(key);
  return type === undefined ? null : { type };
}

// For the "?" overlay. `intent` ties each row to what intentForKey returns, so the help
// cannot list a shortcut that does nothing (tests check this).
export type KeymapRow = { keys: string; description: string; intent: EditorIntent["type"] };

export const KEYMAP: readonly KeymapRow[] = [
  { keys: "Arrow keys", description: "Move the selected box by 1 px", intent: "nudge" },
  { keys: "Shift + Arrow keys", description: "Move the selected box by 10 px", intent: "nudge" },
  { keys: "S", description: "Select the next box", intent: "selectNext" },
  { keys: "Shift + S", description: "Select the previous box", intent: "selectPrevious" },
  { keys: "E", description: "Arrow keys move the next edge of the box (left, top, right, bottom, then the whole box again): 1 px, 10 px with Shift", intent: "nextEdge" },
  { keys: "Shift + E", description: "The same, edges in the other order", intent: "previousEdge" },
  { keys: "Delete / Backspace", description: "Delete the selected box", intent: "delete" },
  { keys: "Ctrl/Cmd + Z", description: "Undo", intent: "undo" },
  { keys: "Ctrl/Cmd + Shift + Z, Ctrl + Y", description: "Redo", intent: "redo" },
  { keys: "+ / =", description: "Zoom in", intent: "zoomIn" },
  { keys: "-", description: "Zoom out", intent: "zoomOut" },
  { keys: "0", description: "Fit the screenshot to the view", intent: "fit" },
  { keys: "1", description: "Actual size (100%)", intent: "actualSize" },
  { keys: "Esc", description: "Deselect", intent: "deselect" },
  { keys: "N", description: "Draw a new box", intent: "drawMode" },
  { keys: "T", description: "Toggle \"target absent\"", intent: "toggleTargetAbsent" },
  { keys: "I", description: "Snap boxes to whole (integer) pixels, or stop", intent: "toggleSnapToPixels" },
  { keys: "B", description: "Snap the selected box to the UI element under its centre (screenshots with a UI tree)", intent: "snapToElement" },
  { keys: "O", description: "Show or hide the labels on the screenshot", intent: "toggleLabels" },
  { keys: "?", description: "Show or hide this help", intent: "toggleHelp" },
];
