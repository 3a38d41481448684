"use client";
// Every shortcut of the screen, grouped, straight from the keyboard map. Three columns of
// compact rows on wide windows, so the whole map fits a 1280x720 window without scrolling;
// on smaller ones the dialog scrolls inside the window (never past its edges).
import { useT } from "@/components/i18n/i18n-provider";
import { SHORTCUTS } from "@/components/trajectory-review/shortcuts";

export function HelpOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const groups = [...new Set(SHORTCUTS.map((s) => s.group))];
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-3" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-label={t("trajectory.help.title")} onClick={(e) => e.stopPropagation()} data-testid="help-dialog"
        className="max-h-[calc(100dvh-1.5rem)] w-full max-w-5xl overflow-auto rounded-lg bg-white p-4 shadow-xl">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-base font-semibold">{t("trajectory.help.title")}</h2>
          <button type="button" autoFocus onClick={onClose} className="rounded border border-slate-300 px-2 py-0.5 text-sm hover:bg-slate-50">{t("trajectory.help.close")}</button>
        </div>
        <div className="gap-x-6 sm:columns-2 lg:columns-3">
          {groups.map((group) => (
            <section key={group} className="mb-3 break-inside-avoid">
              <h3 className="mb-0.5 text-xs font-semibold tracking-wide text-slate-700 uppercase">{t(group)}</h3>
              <dl className="space-y-px text-xs leading-snug">
                {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                  <div key={s.shown} className="flex gap-2">
                    <dt className="w-24 shrink-0"><kbd className="rounded border border-b-2 border-slate-300 bg-slate-50 px-1 font-mono whitespace-nowrap">{s.shown}</kbd></dt>
                    <dd className="text-slate-800">{t(s.help)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-600">{t("trajectory.help.footer")}</p>
      </div>
    </div>
  );
}
