// Small pieces the benchmark pages share: a figure, a rate with its Wilson interval, the
// download links of a run's files in its benchmark's own shape.
import type { ReactNode } from "react";
import type { WilsonInterval } from "@/lib/domain/wilson";

export const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** A number as the file holds it, shortened for reading (the files keep every digit). */
export function num(v: number | null | undefined, digits = 4): string {
  if (v === null || v === undefined) return "—";
  return Number.isInteger(v) ? String(v) : v.toFixed(digits);
}

export function RateText({ rate }: { rate: { successes: number; n: number; interval: WilsonInterval | null } }) {
  if (!rate.interval) return <span className="text-slate-400">no episodes</span>;
  return (
    <span className="tabular-nums">
      {pct(rate.interval.rate)} <span className="text-slate-500">({rate.successes}/{rate.n}, 95% CI {pct(rate.interval.low)}–{pct(rate.interval.high)})</span>
    </span>
  );
}

export function Section({ title, children, label }: { title: string; children: ReactNode; label?: string }) {
  return (
    <section aria-label={label ?? title} className="space-y-2">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export const tableClass = "w-full rounded-lg border border-slate-200 bg-white text-sm";
export const headClass = "bg-slate-100 text-left";
export const cell = "p-2 tabular-nums";

export function Downloads({ projectId, runId, files, note }: { projectId: string; runId: string; files: readonly string[]; note?: string }) {
  const base = `/api/projects/${projectId}/runs/${runId}/benchmark`;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm" aria-label="Benchmark files">
      <p className="mb-2 text-slate-700">Files in the benchmark&apos;s own shape{note ? ` (${note})` : ""}:</p>
      <div className="flex flex-wrap gap-2">
        {files.map((file) => (
          <a key={file} href={`${base}?file=${file}`} className="rounded-md border border-blue-300 bg-blue-50 px-3 py-1.5 font-mono text-blue-900 hover:bg-blue-100" download>
            {file}
          </a>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-600">
        As reproduced from the import:{" "}
        {files.filter((f) => f !== "corrections.jsonl").map((file, i) => (
          <span key={file}>{i > 0 && " · "}<a href={`${base}?file=${file}&version=reproduced`} className="font-mono text-blue-800 hover:underline">{file}</a></span>
        ))}
      </p>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{children}</p>;
}
