"use client";
// A reviewer's override of one verdict: success/failure for trace_success verdicts, 0-10 for
// scores, always with a reason (presets for the common ones). The verdict itself is never
// changed; the server records the override and the page refreshes to the new effective value.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { overrideVerdictAction } from "@/lib/actions/grounding";
import type { PlainKey } from "@/lib/i18n/translate";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";
import { yesNoWord } from "@/components/verdicts/verdict-words";

// The presets fill the reason in the reader's language: it is the reviewer's own words, stored as typed.
const TRACE_REASONS: PlainKey[] = ["trajectory.override.reason.finalState", "trajectory.override.reason.goalReached", "trajectory.override.reason.missedStep", "trajectory.override.reason.checkerBug", "trajectory.override.reason.misread"];
const SCORE_REASONS: PlainKey[] = ["trajectory.override.reason.stepRight", "trajectory.override.reason.stepWrong", "trajectory.override.reason.misread", "trajectory.override.reason.tooHarsh", "trajectory.override.reason.tooLenient"];

export function VerdictOverrideForm({ projectId, verdict }: { projectId: string; verdict: VerdictView }) {
  const router = useRouter();
  const t = useT();
  const isScore = typeof verdict.value === "number";
  const [value, setValue] = useState(verdict.effective === null ? "" : String(isScore ? verdict.effective : verdict.effective === true));
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, setPending] = useState(false);
  const presets = (isScore ? SCORE_REASONS : TRACE_REASONS).map((key) => t(key));

  return (
    <form
      className="mt-2 space-y-2 border-t border-slate-200 pt-2"
      aria-label={t("trajectory.override.form", { judge: verdict.judgeName })}
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        const result = await overrideVerdictAction({ projectId, verdictId: verdict.id, verdictRevision: verdict.revision, value: isScore ? Number(value) : value === "true", reason });
        setPending(false);
        setMessage(result.ok ? { ok: true, text: t("trajectory.override.recorded") } : { ok: false, text: result.error });
        if (result.ok) {
          setReason("");
          router.refresh();
        }
      }}
    >
      {isScore ? (
        <label className="flex items-center gap-2 text-xs text-slate-700">
          {t("trajectory.override.newScore")}
          <input type="number" min={0} max={10} step={0.5} required value={value} onChange={(e) => setValue(e.target.value)}
            className="w-20 rounded border border-slate-300 px-2 py-1 text-sm" />
        </label>
      ) : (
        <fieldset className="flex items-center gap-3 text-sm">
          <legend className="float-left mr-1 text-xs text-slate-700">{t("trajectory.override.newOutcome")}</legend>
          {(["true", "false"] as const).map((v) => (
            <label key={v} className="flex items-center gap-1">
              <input type="radio" name={`override-${verdict.id}`} value={v} required checked={value === v} onChange={() => setValue(v)} />
              {yesNoWord(t, verdict.metric, v === "true")}
            </label>
          ))}
        </fieldset>
      )}
      <label className="block text-xs text-slate-700">
        {t("trajectory.override.reason")}
        <input list={`reasons-${verdict.id}`} required minLength={3} value={reason} onChange={(e) => setReason(e.target.value)}
          className="mt-0.5 block w-full rounded border border-slate-300 px-2 py-1 text-sm" />
      </label>
      <datalist id={`reasons-${verdict.id}`}>{presets.map((r) => <option key={r} value={r} />)}</datalist>
      <div className="flex flex-wrap gap-1" aria-label={t("trajectory.override.presets")}>
        {presets.map((r) => (
          <button key={r} type="button" onClick={() => setReason(r)} className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100">{r}</button>
        ))}
      </div>
      <button type="submit" disabled={isPending} className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50">
        {isPending ? t("trajectory.override.saving") : t("trajectory.override.submit")}
      </button>
      {message && <p role={message.ok ? "status" : "alert"} className={`text-xs ${message.ok ? "text-emerald-800" : "text-red-700"}`}>{message.text}</p>}
    </form>
  );
}
