"use client";
// The decision view's keys, shown with ?.
const KEYS = [
  ["a", "Accept the judge: its value stands"],
  ["o", "Override the judge with the selected reason"],
  ["1 – 5", "Pick a reason preset (5: other, needs a note)"],
  ["n", "Skip to the next item of the queue (queue mode)"],
  ["Enter", "In the note field: override"],
  ["Esc", "Leave a field / close this help"],
  ["?", "Show or hide this help"],
] as const;

export function TriageHelp({ onClose }: { onClose: () => void }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" onClick={(e) => e.stopPropagation()} className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold">Keyboard shortcuts</h2>
          <button type="button" autoFocus onClick={onClose} className="rounded border border-slate-300 px-2 py-0.5 text-sm hover:bg-slate-50">Close (Esc)</button>
        </div>
        <dl className="space-y-1 text-sm">
          {KEYS.map(([key, help]) => (
            <div key={key} className="flex gap-3">
              <dt className="w-16 shrink-0"><kbd className="rounded border border-b-2 border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{key}</kbd></dt>
              <dd>{help}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
