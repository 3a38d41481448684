"use client";
// The decision view's keys, shown with ?.
import { useT } from "@/components/i18n/i18n-provider";
import type { PlainKey } from "@/lib/i18n/translate";

const KEYS: [string, PlainKey][] = [
  ["a", "triageHelp.accept"],
  ["o", "triageHelp.override"],
  ["1 – 5", "triageHelp.presets"],
  ["n", "triageHelp.skip"],
  ["Enter", "triageHelp.enter"],
  ["Esc", "triageHelp.escape"],
  ["?", "triageHelp.help"],
];

export function TriageHelp({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-label={t("triageHelp.title")} onClick={(e) => e.stopPropagation()} className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold">{t("triageHelp.title")}</h2>
          <button type="button" autoFocus onClick={onClose} className="rounded border border-slate-300 px-2 py-0.5 text-sm hover:bg-slate-50">{t("triageHelp.close")}</button>
        </div>
        <dl className="space-y-1 text-sm">
          {KEYS.map(([key, help]) => (
            <div key={key} className="flex gap-3">
              <dt className="w-16 shrink-0"><kbd className="rounded border border-b-2 border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{key}</kbd></dt>
              <dd>{t(help)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
