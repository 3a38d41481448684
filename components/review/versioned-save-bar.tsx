"use client";
// Save state (draft autosave, submitted), the submit button, and the conflict banner that
// explains what the other save holds (or the final answer another reviewer pinned meanwhile)
// before the person chooses which one wins.
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import type { Conflict, SaveState } from "@/components/review/use-versioned-autosave";
import { formatDateTime, formatTime } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";

type Props<P> = {
  state: SaveState<P>;
  problem: string | null;
  summarize: (payload: P) => string;
  onSubmit: () => void;
  submitLabel?: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
};

function describe<P>(state: SaveState<P>, t: Translate, locale: Locale): string {
  switch (state.kind) {
    case "idle":
      return state.status === "submitted" ? t("save.submittedEarlier") : state.status === "draft" ? t("save.draftEarlier") : t("save.nothingYet");
    case "dirty":
      return t("save.dirty");
    case "saving":
      return t("save.saving");
    case "saved":
      return t(state.status === "submitted" ? "save.submittedAt" : "save.draftAt", { time: formatTime(locale, state.at) });
    case "error":
      return state.message;
    case "conflict":
      return t("save.paused");
  }
}

function OtherVersion<P>({ theirs, summarize }: { theirs: Conflict<P>; summarize: (payload: P) => string }) {
  const t = useT();
  const locale = useLocale();
  if (theirs.final) return <p className="mt-1">{t("save.otherFinal", { by: theirs.final.by ?? t("save.someone"), at: formatDateTime(locale, theirs.final.at), answer: summarize(theirs.payload) })}</p>;
  return (
    <p className="mt-1">
      {t("save.otherVersion", { version: theirs.version ?? "—", status: theirs.status === "submitted" ? t("save.status.submitted") : t("save.status.draft"), at: formatDateTime(locale, theirs.updatedAt), answer: summarize(theirs.payload) })}
    </p>
  );
}

export function VersionedSaveBar<P>({ state, problem, summarize, onSubmit, submitLabel, onKeepMine, onTakeTheirs }: Props<P>) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="space-y-2">
      {state.kind === "conflict" && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{state.message}</p>
          {state.theirs && <OtherVersion theirs={state.theirs} summarize={summarize} />}
          <div className="mt-2 flex flex-wrap gap-2">
            {/* Focused: a keyboard-first reviewer answers the banner without reaching for the mouse. */}
            <button type="button" autoFocus onClick={onKeepMine} className="rounded-md bg-amber-700 px-3 py-1 text-white hover:bg-amber-800">{state.theirs?.final ? t("save.replaceFinal") : t("save.keepMine")}</button>
            <button type="button" onClick={onTakeTheirs} className="rounded-md border border-amber-400 px-3 py-1 hover:bg-amber-100">{state.theirs?.final ? t("save.takeFinal") : t("save.takeTheirs")}</button>
          </div>
        </div>
      )}
      <div className="flex items-center justify-between gap-3">
        <span role="status" className={`text-sm ${state.kind === "error" ? "text-red-700" : "text-slate-600"}`}>{describe(state, t, locale)}</span>
        {/* Not disabled while a draft saves: the submit waits for it (use-versioned-autosave.ts). */}
        <button type="button" onClick={onSubmit} disabled={problem !== null || state.kind === "conflict"} title={problem ?? "Ctrl+Enter"} aria-keyshortcuts="Control+Enter Meta+Enter"
          className="shrink-0 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-blue-800 disabled:opacity-50">
          {submitLabel ?? t("review.submitNext")}
          <kbd className="ml-2 rounded border border-blue-400/60 px-1 font-mono text-xs font-normal" aria-hidden>Ctrl+Enter</kbd>
        </button>
      </div>
      {problem && <p className="text-xs text-slate-600">{t("save.toSubmit", { problem })}</p>}
    </div>
  );
}
