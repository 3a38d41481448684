"use client";
// A reviewer's override of one verdict: success/failure for trace_success verdicts, 0-10 for
// scores, always with a reason (presets for the common ones). The verdict itself is never
// changed; the server records the override and the page refreshes to the new effective value.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { overrideVerdictAction } from "@/lib/actions/grounding";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";

const TRACE_REASONS = ["Final state does not match the goal", "The goal was reached", "Judge missed a wrong step", "Checker bug (known issue)", "Judge misread the screenshot"];
const SCORE_REASONS = ["The step was right", "The step was wrong", "Judge misread the screenshot", "Score too harsh", "Score too lenient"];

export function VerdictOverrideForm({ projectId, verdict }: { projectId: string; verdict: VerdictView }) {
  const router = useRouter();
  const isScore = typeof verdict.value === "number";
  const [value, setValue] = useState(verdict.effective === null ? "" : String(isScore ? verdict.effective : verdict.effective === true));
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, setPending] = useState(false);
  const presets = isScore ? SCORE_REASONS : TRACE_REASONS;

  return (
    <form
      className="mt-2 space-y-2 border-t border-slate-200 pt-2"
      aria-label={`Override ${verdict.judgeName}`}
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        const result = await overrideVerdictAction({ projectId, verdictId: verdict.id, value: isScore ? Number(value) : value === "true", reason });
        setPending(false);
        setMessage(result.ok ? { ok: true, text: "Override recorded." } : { ok: false, text: result.error });
        if (result.ok) {
          setReason("");
          router.refresh();
        }
      }}
    >
      {isScore ? (
        <label className="flex items-center gap-2 text-xs text-slate-700">
          New score (0-10)
          <input type="number" min={0} max={10} step={0.5} required value={value} onChange={(e) => setValue(e.target.value)}
            className="w-20 rounded border border-slate-300 px-2 py-1 text-sm" />
        </label>
      ) : (
        <fieldset className="flex items-center gap-3 text-sm">
          <legend className="float-left mr-1 text-xs text-slate-700">New outcome</legend>
          {(["true", "false"] as const).map((v) => (
            <label key={v} className="flex items-center gap-1">
              <input type="radio" name={`override-${verdict.id}`} value={v} required checked={value === v} onChange={() => setValue(v)} />
              {v === "true" ? "success" : "failure"}
            </label>
          ))}
        </fieldset>
      )}
      <label className="block text-xs text-slate-700">
        Reason
        <input list={`reasons-${verdict.id}`} required minLength={3} value={reason} onChange={(e) => setReason(e.target.value)}
          className="mt-0.5 block w-full rounded border border-slate-300 px-2 py-1 text-sm" />
      </label>
      <datalist id={`reasons-${verdict.id}`}>{presets.map((r) => <option key={r} value={r} />)}</datalist>
      <div className="flex flex-wrap gap-1" aria-label="Reason presets">
        {presets.map((r) => (
          <button key={r} type="button" onClick={() => setReason(r)} className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100">{r}</button>
        ))}
      </div>
      <button type="submit" disabled={isPending} className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50">
        {isPending ? "Saving…" : "Override"}
      </button>
      {message && <p role={message.ok ? "status" : "alert"} className={`text-xs ${message.ok ? "text-emerald-800" : "text-red-700"}`}>{message.text}</p>}
    </form>
  );
}
