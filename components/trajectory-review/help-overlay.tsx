"use client";
// Every shortcut of the screen, grouped, straight from the keyboard map.
import { SHORTCUTS } from "@/components/trajectory-review/shortcuts";

export function HelpOverlay({ onClose }: { onClose: () => void }) {
  const groups = [...new Set(SHORTCUTS.map((s) => s.group))];
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" onClick={(e) => e.stopPropagation()}
        className="max-h-[90vh] w-full max-w-3xl overflow-auto rounded-lg bg-white p-5 shadow-xl">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold">Keyboard shortcuts</h2>
          <button type="button" autoFocus onClick={onClose} className="rounded border border-slate-300 px-2 py-0.5 text-sm hover:bg-slate-50">Close (Esc)</button>
        </div>
        <div className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
          {groups.map((group) => (
            <section key={group}>
              <h3 className="mb-1 text-sm font-semibold text-slate-700">{group}</h3>
              <dl className="space-y-0.5 text-sm">
                {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                  <div key={s.shown} className="flex gap-3">
                    <dt className="w-32 shrink-0"><kbd className="rounded whitespace-nowrap border border-b-2 border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{s.shown}</kbd></dt>
                    <dd className="text-slate-800">{s.help}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        <p className="mt-4 text-xs text-slate-600">Keys are ignored while typing in a field; Esc leaves the field. Drafts save themselves.</p>
      </div>
    </div>
  );
}
