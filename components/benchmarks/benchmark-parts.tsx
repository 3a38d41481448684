// Small pieces the benchmark pages share: a figure, a rate with its Wilson interval, the
// download links of a run's files in its benchmark's own shape.
import type { ReactNode } from "react";
import { estimateText } from "@/components/runs/estimate-text";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getT } from "@/lib/i18n/server";
import type { WilsonInterval } from "@/lib/domain/wilson";

/**
 * A number as the file holds it, shortened for reading (the files keep every digit): whole
 * numbers as they are, others with `digits` decimals; never grouped, as in the files.
 */
/** Whole numbers as they are, others to `digits` places; `fixed`: always `digits` places, for a
 * column of rates where 1 must read "1.0000" beside "0.8750". */
export function numberText(locale: Locale) {
  return (v: number | null | undefined, digits = 4, fixed = false): string => {
    if (v === null || v === undefined) return "—";
    if (Number.isInteger(v) && !fixed) return formatNumber(locale, v, { useGrouping: false });
    return formatNumber(locale, Number(v.toFixed(digits)), { useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits });
  };
}

export async function RateText({ rate }: { rate: { successes: number; n: number; interval: WilsonInterval | null } }) {
  const { t, locale } = await getT();
  if (!rate.interval) return <span className="text-slate-400">{t("runs.noEpisodes")}</span>;
  const pct = estimateText(t, locale).percent;
  return (
    <span className="tabular-nums">
      {pct(rate.interval.rate)} <span className="text-slate-500">{t("runs.rateFacts", { successes: rate.successes, n: rate.n, low: pct(rate.interval.low), high: pct(rate.interval.high) })}</span>
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

export async function Downloads({ projectId, runId, files, note }: { projectId: string; runId: string; files: readonly string[]; note?: string }) {
  const { t } = await getT();
  const base = `/api/projects/${projectId}/runs/${runId}/benchmark`;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm" aria-label={t("benchmark.files")}>
      <p className="mb-2 text-slate-700">{note ? t("benchmark.filesOwnShapeNote", { note }) : t("benchmark.filesOwnShape")}</p>
      <div className="flex flex-wrap gap-2">
        {files.map((file) => (
          <a key={file} href={`${base}?file=${file}`} className="rounded-md border border-blue-300 bg-blue-50 px-3 py-1.5 font-mono text-blue-900 hover:bg-blue-100" download>
            {file}
          </a>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-600">
        {t("benchmark.asReproduced")}{" "}
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
