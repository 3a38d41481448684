"use client";
// The models' predictions on a sample: each one's stored hit or miss (against the item's
// effective target; reviewers only) and, while the answer being edited differs from that
// target, its hit or miss against the edited box (live-correctness.ts).
import { useT } from "@/components/i18n/i18n-provider";
import type { LiveCorrectness } from "@/components/review/live-correctness";
import type { Judgement } from "@/lib/domain/point-in-box";
import type { Translate } from "@/lib/i18n/translate";
import type { SampleReview } from "@/lib/samples/sample-review";

const VERDICT_STYLE: Record<string, string> = {
  correct: "bg-emerald-100 text-emerald-900",
  wrong: "bg-rose-100 text-rose-900",
  wrong_format: "bg-slate-200 text-slate-800",
};

export function judgementWord(t: Translate, judgement: Judgement): string {
  return judgement === "correct" ? t("predictions.hit") : judgement === "wrong" ? t("predictions.miss") : t("predictions.wrongFormat");
}

export function PredictionList({ predictions, live = null }: { predictions: SampleReview["predictions"]; live?: LiveCorrectness | null }) {
  const t = useT();
  if (predictions.length === 0) return <p className="text-sm text-slate-500">{t("predictions.none")}</p>;
  return (
    <ul className="space-y-2" aria-label={t("predictions.list")}>
      {predictions.map((p) => (
        <li key={p.id} className="rounded-md border border-slate-200 p-2 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{p.model}</span>
            <span className="flex flex-wrap items-center justify-end gap-1">
              {p.correctness !== null && (
                <span className={`rounded px-1.5 py-0.5 text-xs ${VERDICT_STYLE[p.correctness]}`} data-testid={`prediction-${p.model}`}>
                  {judgementWord(t, p.correctness)}
                </span>
              )}
              {live?.get(p.id) && (
                <span className={`rounded border border-dashed border-fuchsia-600 px-1.5 py-0.5 text-xs ${VERDICT_STYLE[live.get(p.id)!]}`} data-testid={`prediction-live-${p.model}`}>
                  {t("predictions.againstYourBox", { verdict: judgementWord(t, live.get(p.id)!) })}
                </span>
              )}
            </span>
          </div>
          <p className="font-mono text-xs text-slate-600">
            {p.kind === "point" ? `(${p.x!.toFixed(1)}, ${p.y!.toFixed(1)})` : p.kind === "refusal" ? t("predictions.refusal") : t("predictions.noPoint")}
            {p.fileLabel && p.correctness !== null && p.fileLabel !== p.correctness && <span className="ml-2 text-amber-700">{t("predictions.fileSaid", { label: p.fileLabel })}</span>}
          </p>
          {p.rawOutput && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-blue-700">{t("predictions.rawOutput")}</summary>
              <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">{p.rawOutput}</pre>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
