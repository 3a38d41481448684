"use client";
// The shortcut overlay ("?" or the "Keyboard shortcuts" button). Rows come from KEYMAP, which
// the tests tie to intentForKey, so the help cannot promise a key that does nothing; pointer
// gestures are listed separately, as the keymap knows only keys. Words from the catalogue
// (keymap-text.ts for the keys). The screen around the editor adds its own keys (submit,
// next, previous: `screenKeys`), so the overlay lists every key that works on the screen.
import { useT } from "@/components/i18n/i18n-provider";
import { KEYMAP_TEXT } from "@/components/editor/keymap-text";
import { KEYMAP } from "@/lib/editor/keyboard";
import type { PlainKey } from "@/lib/i18n/translate";

const POINTER_ROWS: readonly (readonly [PlainKey, PlainKey])[] = [
  ["editor.help.drag", "editor.help.dragDoes"],
  ["editor.help.click", "editor.help.clickDoes"],
  ["editor.help.handle", "editor.help.handleDoes"],
  ["editor.help.wheel", "editor.help.wheelDoes"],
  ["editor.help.pan", "editor.help.panDoes"],
];

/** A key the screen around the editor handles (submit, next, previous), already in the reader's words. */
export type ScreenKey = { keys: string; does: string };

export function EditorHelp({ onClose, screenKeys = [] }: { onClose: () => void; screenKeys?: readonly ScreenKey[] }) {
  const t = useT();
  return (
    <div
      role="dialog"
      aria-label={t("editor.help.title")}
      className="absolute inset-x-3 top-3 z-20 mx-auto max-h-[calc(100%-1.5rem)] max-w-lg overflow-auto rounded-lg border border-slate-200 bg-white/95 p-4 text-sm shadow-lg"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold">{t("editor.help.title")}</h2>
        <button type="button" onClick={onClose} className="rounded px-2 py-0.5 text-slate-600 hover:bg-slate-100">
          {t("editor.help.close")}
        </button>
      </div>
      <p className="mb-2 text-xs text-slate-600">{t("editor.help.focus")}</p>
      <table className="w-full">
        <tbody>
          {screenKeys.map((row) => (
            <tr key={row.keys} className="border-t border-slate-100" data-screen-key>
              <td className="py-1 pr-3 align-top whitespace-nowrap">
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{row.keys}</kbd>
              </td>
              <td className="py-1">{row.does}</td>
            </tr>
          ))}
          {KEYMAP.map((row) => {
            const text = KEYMAP_TEXT[row.keys];
            return (
              <tr key={row.keys} className="border-t border-slate-100">
                <td className="py-1 pr-3 align-top whitespace-nowrap">
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{text?.keys ? t(text.keys) : row.keys}</kbd>
                </td>
                <td className="py-1">{text ? t(text.does) : row.description}</td>
              </tr>
            );
          })}
          {POINTER_ROWS.map(([gesture, description]) => (
            <tr key={gesture} className="border-t border-slate-100">
              <td className="py-1 pr-3 align-top text-slate-700">{t(gesture)}</td>
              <td className="py-1">{t(description)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
