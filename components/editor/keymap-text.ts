// The "?" overlay's words for each KEYMAP row (lib/editor/keyboard.ts keeps the keys and the
// intents, in English for the tests that tie them together): the keys as a reader names them
// and what they do, as catalogue messages. Keys that are the same in every language (Ctrl/Cmd
// + Z, N, ?) are shown as KEYMAP writes them. tests/unit/editor/keymap-text.test.ts fails
// when a KEYMAP row has no entry here.
import type { PlainKey } from "@/lib/i18n/translate";

export const KEYMAP_TEXT: Record<string, { keys?: PlainKey; does: PlainKey }> = {
  "Arrow keys": { keys: "editor.key.arrows", does: "editor.key.arrowsDoes" },
  "Shift + Arrow keys": { keys: "editor.key.shiftArrows", does: "editor.key.shiftArrowsDoes" },
  S: { does: "editor.key.selectNextDoes" },
  "Shift + S": { does: "editor.key.selectPreviousDoes" },
  E: { does: "editor.key.nextEdgeDoes" },
  "Shift + E": { does: "editor.key.previousEdgeDoes" },
  "Delete / Backspace": { keys: "editor.key.delete", does: "editor.key.deleteDoes" },
  "Ctrl/Cmd + Z": { does: "editor.key.undoDoes" },
  "Ctrl/Cmd + Shift + Z, Ctrl + Y": { does: "editor.key.redoDoes" },
  "+ / =": { does: "editor.key.zoomInDoes" },
  "-": { does: "editor.key.zoomOutDoes" },
  "0": { does: "editor.key.fitDoes" },
  "1": { does: "editor.key.actualSizeDoes" },
  Esc: { does: "editor.key.deselectDoes" },
  N: { does: "editor.key.drawDoes" },
  T: { does: "editor.key.targetAbsentDoes" },
  I: { does: "editor.key.snapDoes" },
  B: { does: "editor.key.snapElementDoes" },
  O: { does: "editor.key.labelsDoes" },
  "?": { does: "editor.key.helpDoes" },
};
