"use client";
// The trajectory's own verdict: success / failure / unsure, the first wrong step, and a note.
import { useT } from "@/components/i18n/i18n-provider";
import { TRACE_VERDICTS, type TraceVerdict } from "@/lib/domain/labels";
import { traceVerdictName } from "@/lib/i18n/labels";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";

const VERDICT_KEYS: Record<TraceVerdict, { key: string; on: string }> = {
  success: { key: "s", on: "bg-emerald-600 text-white border-emerald-700" },
  failure: { key: "f", on: "bg-red-600 text-white border-red-700" },
  unsure: { key: "n", on: "bg-amber-400 text-amber-950 border-amber-500" },
};

type Props = {
  payload: TrajectoryPayload;
  stepCount: number;
  labeledCount: number;
  onVerdict: (verdict: TraceVerdict) => void;
  onGoToStep: (index: number) => void;
  onNote: (note: string | null) => void;
};

export function TracePanel({ payload, stepCount, labeledCount, onVerdict, onGoToStep, onNote }: Props) {
  const t = useT();
  return (
    <section aria-label={t("trajectory.trace")} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-baseline justify-between">
        <h2 className="text-sm font-semibold">{t("trajectory.trace")}</h2>
        <span className="text-xs text-slate-600" data-testid="labeled-count">{t("trajectory.trace.labeled", { labeled: labeledCount, steps: stepCount })}</span>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("trajectory.trace")}>
        {TRACE_VERDICTS.map((v) => (
          <button key={v} type="button" aria-pressed={payload.traceVerdict === v} onClick={() => onVerdict(v)}
            className={`rounded-md border px-3 py-1.5 text-sm font-medium ${payload.traceVerdict === v ? VERDICT_KEYS[v].on : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}>
            {traceVerdictName(t, v)} <kbd className="ml-1 font-mono text-xs opacity-80">{VERDICT_KEYS[v].key}</kbd>
          </button>
        ))}
      </div>
      <p className="text-sm">
        {t("trajectory.trace.firstWrong")}{" "}
        {payload.firstWrongStep === null ? <span className="text-slate-500">{t("trajectory.trace.noneMarked")}</span>
          : <button type="button" className="font-medium text-blue-800 hover:underline" onClick={() => onGoToStep(payload.firstWrongStep!)}>{t("trajectory.trace.step", { step: payload.firstWrongStep + 1 })}</button>}
      </p>
      {/* Folded unless there is a note: the panel stays short enough to keep Submit in view. */}
      <details open={payload.note ? true : undefined} className="text-sm">
        <summary className="cursor-pointer">{t("trajectory.trace.note")} <span className="text-xs text-slate-500">{t("trajectory.trace.optional")}</span></summary>
        <textarea rows={2} aria-label={t("trajectory.trace.note")} value={payload.note ?? ""} onChange={(e) => onNote(e.target.value.trim() ? e.target.value : null)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
      </details>
    </section>
  );
}
