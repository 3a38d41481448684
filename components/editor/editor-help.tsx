"use client";
// The shortcut overlay ("?" or the "Keyboard shortcuts" button). Rows come from KEYMAP, which
// the tests tie to intentForKey, so the help cannot promise a key that does nothing; pointer
// gestures are listed separately, as the keymap knows only keys.
import { KEYMAP } from "@/lib/editor/keyboard";

const POINTER_ROWS = [
  ["Drag on the image", "Draw a box"],
  ["Click a box / drag it", "Select / move it"],
  ["Drag a square handle", "Resize the selected box"],
  ["Mouse wheel", "Zoom at the cursor"],
  ["Space + drag, middle-button drag", "Pan"],
] as const;

export function EditorHelp({ onClose }: { onClose: () => void }) {
  return (
    <div
      role="dialog"
      aria-label="Keyboard shortcuts"
      className="absolute inset-x-3 top-3 z-20 mx-auto max-h-[calc(100%-1.5rem)] max-w-lg overflow-auto rounded-lg border border-slate-200 bg-white/95 p-4 text-sm shadow-lg"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold">Keyboard shortcuts</h2>
        <button type="button" onClick={onClose} className="rounded px-2 py-0.5 text-slate-600 hover:bg-slate-100">
          Close
        </button>
      </div>
      <p className="mb-2 text-xs text-slate-600">Keys work while the editor has focus (click the screenshot).</p>
      <table className="w-full">
        <tbody>
          {KEYMAP.map((row) => (
            <tr key={row.keys} className="border-t border-slate-100">
              <td className="py-1 pr-3 align-top whitespace-nowrap">
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{row.keys}</kbd>
              </td>
              <td className="py-1">{row.description}</td>
            </tr>
          ))}
          {POINTER_ROWS.map(([gesture, description]) => (
            <tr key={gesture} className="border-t border-slate-100">
              <td className="py-1 pr-3 align-top text-slate-700">{gesture}</td>
              <td className="py-1">{description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
