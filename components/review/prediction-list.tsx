import type { SampleReview } from "@/lib/samples/sample-review";

const VERDICT_STYLE: Record<string, string> = {
  correct: "bg-emerald-100 text-emerald-900",
  wrong: "bg-rose-100 text-rose-900",
  wrong_format: "bg-slate-200 text-slate-800",
};

export function PredictionList({ predictions }: { predictions: SampleReview["predictions"] }) {
  if (predictions.length === 0) return <p className="text-sm text-slate-500">No model predictions for this sample.</p>;
  return (
    <ul className="space-y-2" aria-label="Model predictions">
      {predictions.map((p) => (
        <li key={p.id} className="rounded-md border border-slate-200 p-2 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{p.model}</span>
            {p.correctness !== null && (
              <span className={`rounded px-1.5 py-0.5 text-xs ${VERDICT_STYLE[p.correctness]}`} data-testid={`prediction-${p.model}`}>
                {p.correctness === "correct" ? "hit" : p.correctness === "wrong" ? "miss" : "wrong format"}
              </span>
            )}
          </div>
          <p className="font-mono text-xs text-slate-600">
            {p.kind === "point" ? `(${p.x!.toFixed(1)}, ${p.y!.toFixed(1)})` : p.kind === "refusal" ? "[-1, -1] refusal" : "no usable point"}
            {p.fileLabel && p.correctness !== null && p.fileLabel !== p.correctness && <span className="ml-2 text-amber-700">file said {p.fileLabel}</span>}
          </p>
          {p.rawOutput && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-blue-700">Raw output</summary>
              <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">{p.rawOutput}</pre>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
