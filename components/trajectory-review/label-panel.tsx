"use client";
// The current step's label: correct / incorrect / unsure, an error kind, and a corrected
// action (a new point picked on the screenshot, or new typed text). Every control names its key.
// When the stored screen comparison says the action changed nothing on the screen, that is
// offered as evidence for "redundant", accepted with one key (a).
import type { RefObject } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { errorKindLabel, stepLabelName } from "@/lib/i18n/labels";
import { formatPercent } from "@/lib/i18n/format";
import { useLocale } from "@/components/i18n/i18n-provider";
import { isPointAction } from "@/components/trajectory-review/payload-edits";
import { describeAction, type Action } from "@/lib/domain/actions";
import { ERROR_KINDS, STEP_LABEL_VALUES, type ErrorKind, type StepLabel, type StepLabelValue } from "@/lib/domain/labels";

const LABEL_KEYS: Record<StepLabelValue, { key: string; on: string }> = {
  correct: { key: "c", on: "bg-emerald-600 text-white border-emerald-700" },
  incorrect: { key: "x", on: "bg-red-600 text-white border-red-700" },
  unsure: { key: "u", on: "bg-amber-400 text-amber-950 border-amber-500" },
};

type Props = {
  stepIndex: number;
  action: Action | null;
  label: StepLabel | undefined;
  isFirstWrong: boolean;
  isPointMode: boolean;
  textInput: RefObject<HTMLInputElement | null>;
  onLabel: (label: StepLabelValue) => void;
  onErrorKind: (kind: ErrorKind | null) => void;
  onCorrection: (action: Action | null) => void;
  onPointMode: () => void;
  onFirstWrong: () => void;
  /** The stored evidence that the screen did not change after this action, if any. */
  noEffect: { agreement: number | null } | null;
  onAcceptNoEffect: () => void;
};

const chip = "rounded-md border px-3 py-1.5 text-sm font-medium";

export function LabelPanel({ stepIndex, action, label, isFirstWrong, isPointMode, textInput, onLabel, onErrorKind, onCorrection, onPointMode, onFirstWrong, noEffect, onAcceptNoEffect }: Props) {
  const t = useT();
  const locale = useLocale();
  const corrected = label?.correctedAction;
  const isRedundant = label?.errorKind === "redundant";
  return (
    <section aria-label={t("trajectory.labelPanel")} className="space-y-2.5 rounded-lg border border-slate-200 bg-white p-3">
      <h2 className="text-sm font-semibold">{t("trajectory.labelPanel.title", { step: stepIndex + 1 })}</h2>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("trajectory.labelPanel")}>
        {STEP_LABEL_VALUES.map((value) => (
          <button key={value} type="button" aria-pressed={label?.label === value} onClick={() => onLabel(value)}
            className={`${chip} ${label?.label === value ? LABEL_KEYS[value].on : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}>
            {stepLabelName(t, value)} <kbd className="ml-1 font-mono text-xs opacity-80">{LABEL_KEYS[value].key}</kbd>
          </button>
        ))}
      </div>
      {noEffect && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="no-effect-evidence">
          <p>
            <span className="font-semibold">{t("trajectory.evidence.noEffect")}</span>{" "}
            {noEffect.agreement !== null && <span className="text-xs">{t("trajectory.evidence.agreement", { share: formatPercent(locale, noEffect.agreement, 2) })}</span>}
          </p>
          {isRedundant ? (
            <p className="mt-1 text-xs">{t("trajectory.evidence.accepted")}</p>
          ) : (
            <button type="button" onClick={onAcceptNoEffect} className="mt-1 rounded border border-amber-600 bg-white px-2 py-0.5 text-xs font-medium hover:bg-amber-100">
              {t("trajectory.evidence.accept")} <kbd className="ml-1 font-mono">a</kbd>
            </button>
          )}
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        {t("trajectory.labelPanel.errorKind")}
        <select value={label?.errorKind ?? ""} onChange={(e) => onErrorKind(e.target.value === "" ? null : (e.target.value as ErrorKind))}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
          <option value="">{t("trajectory.labelPanel.noErrorKind")}</option>
          {ERROR_KINDS.map((kind, i) => <option key={kind} value={kind}>{i + 1} · {errorKindLabel(t, kind)}</option>)}
        </select>
      </label>
      <button type="button" aria-pressed={isFirstWrong} onClick={onFirstWrong}
        className={`${chip} w-full ${isFirstWrong ? "border-red-700 bg-red-50 text-red-900" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}>
        {isFirstWrong ? t("trajectory.labelPanel.isFirstWrong") : t("trajectory.labelPanel.markFirstWrong")} <kbd className="ml-1 font-mono text-xs opacity-80">w</kbd>
      </button>
      {action && isPointAction(action) && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <button type="button" aria-pressed={isPointMode} onClick={onPointMode}
            className={`${chip} ${isPointMode ? "border-cyan-800 bg-cyan-800 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}>
            {t("trajectory.labelPanel.correctPoint")} <kbd className="ml-1 font-mono text-xs opacity-80">p</kbd>
          </button>
          {corrected && <code className="text-cyan-900">{describeAction(corrected)}</code>}
        </div>
      )}
      {action?.type === "type" && (
        <label className="block text-sm">
          {t("trajectory.labelPanel.correctedText")} <kbd className="font-mono text-xs text-slate-500">e</kbd>
          <input ref={textInput} value={corrected?.type === "type" ? corrected.text : action.text}
            onChange={(e) => onCorrection(e.target.value === action.text ? null : { ...action, text: e.target.value })}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-sm" />
        </label>
      )}
      {corrected && (
        <button type="button" onClick={() => onCorrection(null)} className="text-xs text-blue-800 hover:underline">{t("trajectory.labelPanel.removeCorrection")}</button>
      )}
    </section>
  );
}
