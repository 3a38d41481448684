"use client";
// Accept the judge or override it, in one key. For a success verdict the override is the
// other outcome, for a step verdict the other value (correct / incorrect); for a 0-10 score it is the score in the field (prefilled with the human's
// score, else the nearest whole score across the threshold). Keys 1-5 pick the reason; "other"
// needs a note. In queue mode the next claimed item opens after the decision.
import { useState } from "react";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { Frame } from "@/components/ui/frame";
import { outcomeLabel, presetLabel, stepValueLabel } from "@/components/triage/triage-labels";
import { formatNumber } from "@/lib/i18n/format";
import { decideTriageAction } from "@/lib/actions/triage";
import { presetsFor } from "@/lib/triage/reason-presets";
import { useTriageKeys, type TriageKey } from "@/components/triage/use-triage-keys";

export type DecisionSubject =
  | { kind: "trajectory"; judgeName: string; judge: boolean; againstRule: { judgeName: string; value: boolean } | null }
  | { kind: "step"; judgeName: string; judge: boolean; stepIndex: number }
  | { kind: "sample"; judgeName: string; judgeScore: number; suggestedScore: number };

type Props = {
  projectId: string;
  queueItemId: string;
  queueMode: { queueId: string; claimId: string | null } | null;
  subject: DecisionSubject;
  decidedNote: string | null;
  onHelp: () => void;
  onEscape: () => void;
};

export function DecisionPanel({ projectId, queueItemId, queueMode, subject, decidedNote, onHelp, onEscape }: Props) {
  const t = useT();
  const locale = useLocale();
  const outcome = (v: boolean) => outcomeLabel(t, v);
  const presets = presetsFor(subject.kind);
  const [preset, setPreset] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [score, setScore] = useState(subject.kind === "sample" ? String(subject.suggestedScore) : "");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isDecided = decidedNote !== null;

  async function decide(decision: "accept" | "override" | "skip") {
    if (pending) return;
    if (decision === "override" && preset === null) return setError(t("triagePanel.pickReason"));
    if (decision === "override" && presets[preset! - 1] === "other" && note.trim().length < 3) {
      document.getElementById("triage-note")?.focus();
      return setError(t("triagePanel.noteNeeded"));
    }
    let value: boolean | number | undefined;
    if (decision === "override") {
      if (subject.kind !== "sample") value = !subject.judge;
      else {
        value = Number(score);
        if (score.trim() === "" || !Number.isFinite(value) || value < 0 || value > 10) return setError(t("triagePanel.scoreRange"));
      }
    }
    setPending(true);
    setError(null);
    const result = await decideTriageAction({
      projectId, queueItemId, decision, value, note,
      ...(preset !== null ? { preset } : {}),
      ...(queueMode ? { queueId: queueMode.queueId, ...(queueMode.claimId ? { claimId: queueMode.claimId } : {}) } : {}),
    });
    if (result.ok) window.location.assign(result.location);
    else {
      setError(result.error);
      setPending(false);
    }
  }

  function onKey(key: TriageKey) {
    if (key.kind === "help") return onHelp();
    if (key.kind === "escape") return onEscape();
    if (key.kind === "skip") return void (queueMode && decide("skip"));
    if (isDecided) return;
    if (key.kind === "preset") {
      setPreset(key.key);
      setError(null);
      if (presets[key.key - 1] === "other") document.getElementById("triage-note")?.focus();
      return;
    }
    void decide(key.kind);
  }
  useTriageKeys(onKey);

  const overrideText =
    subject.kind === "trajectory" ? t("triagePanel.overrideTo", { outcome: outcome(!subject.judge) })
      : subject.kind === "step" ? t("triagePanel.overrideTo", { outcome: stepValueLabel(t, !subject.judge) })
        : t("triagePanel.overrideScore");
  return (
    <section aria-label={t("triagePanel.label")} className="space-y-3 rounded-lg border border-slate-300 bg-white p-3 shadow-sm">
      <h2 className="text-sm font-semibold">{t("triagePanel.label")}</h2>
      {isDecided ? (
        <p role="status" className="rounded bg-emerald-50 p-2 text-sm text-emerald-900">{decidedNote}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {subject.kind === "trajectory" ? (
              <>
                <Frame locale={locale} message="triagePanel.judgeSays" values={{ judge: <b>{subject.judgeName}</b>, outcome: <b>{outcome(subject.judge)}</b> }} />
                {subject.againstRule
                  ? t("triagePanel.acceptOverridesRule", { rule: subject.againstRule.judgeName, ruleOutcome: outcome(subject.againstRule.value), outcome: outcome(subject.judge) })
                  : t("triagePanel.acceptKeeps")}
              </>
            ) : subject.kind === "step" ? (
              <>
                <Frame locale={locale} message="triagePanel.judgeSaysStep" values={{ judge: <b>{subject.judgeName}</b>, step: subject.stepIndex + 1, value: <b>{stepValueLabel(t, subject.judge)}</b> }} />
                {t("triagePanel.acceptKeeps")}
              </>
            ) : (
              <Frame locale={locale} message="triagePanel.judgeScores" values={{
                judge: <b>{subject.judgeName}</b>,
                score: <b>{t("triagePanel.score", { score: formatNumber(locale, subject.judgeScore, { maximumFractionDigits: 2 }) })}</b>,
              }} />
            )}
          </p>
          {subject.kind === "sample" && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {t("triagePanel.newScore")}
              <input type="number" min={0} max={10} step={0.5} value={score} onChange={(e) => setScore(e.target.value)}
                className="w-20 rounded border border-slate-300 px-2 py-1" />
            </label>
          )}
          <fieldset>
            <legend className="text-xs font-medium text-slate-700">{t("triagePanel.reasonKeys")}</legend>
            <div className="mt-1 flex flex-wrap gap-1" role="radiogroup" aria-label={t("triagePanel.presets")}>
              {presets.map((label, i) => (
                <button key={label} type="button" role="radio" aria-checked={preset === i + 1} onClick={() => setPreset(i + 1)}
                  className={`rounded-full border px-2 py-0.5 text-xs ${preset === i + 1 ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 text-slate-800 hover:bg-slate-100"}`}>
                  <kbd className="mr-1 font-mono">{i + 1}</kbd>{presetLabel(t, label)}
                </button>
              ))}
            </div>
          </fieldset>
          <label className="block text-xs text-slate-700">
            {preset !== null && presets[preset - 1] === "other" ? t("triagePanel.noteRequired") : t("triagePanel.noteOptional")}
            <input id="triage-note" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)}
              onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); if (!e.repeat) void decide("override"); } }}
              className="mt-0.5 block w-full rounded border border-slate-300 px-2 py-1 text-sm" />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="button" disabled={pending} onClick={() => decide("accept")}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50">
              {t("triagePanel.accept")} <kbd className="ml-1 rounded border border-slate-300 px-1 font-mono text-xs">a</kbd>
            </button>
            <button type="button" disabled={pending} onClick={() => decide("override")}
              className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50">
              {overrideText} <kbd className="ml-1 rounded border border-blue-400 px-1 font-mono text-xs">o</kbd>
            </button>
          </div>
        </>
      )}
      {queueMode && (
        <button type="button" disabled={pending} onClick={() => decide("skip")}
          className="rounded-md border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:bg-slate-50 disabled:opacity-50">
          {isDecided ? t("triagePanel.next") : t("triagePanel.skip")} <kbd className="ml-1 rounded border border-slate-300 px-1 font-mono">n</kbd>
        </button>
      )}
      {pending && <p role="status" className="text-xs text-slate-600">{t("triagePanel.saving")}</p>}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </section>
  );
}
