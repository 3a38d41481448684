"use client";
// An import job's report: what was created, updated, left unchanged and refused, per format,
// with each refusal's file and line. The frames are in the reader's language; file names,
// lines, record ids and the parsers' reasons are shown as the files and parsers give them.
import Link from "next/link";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { countsText } from "@/components/imports/count-text";
import { Frame } from "@/components/ui/frame";
import { formatNumber } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";
import type { FormatReport, ImportReport, Landed, Rejected } from "@/lib/imports/write/report";
import { ReimportChanges } from "@/components/imports/reimport-changes";

/** Links to what the import wrote: the samples of each dataset, the trajectories of each benchmark, each run. */
function LandedLinks({ slug, landed }: { slug: string; landed: Landed | undefined }) {
  const t = useT();
  if (!landed) return null;
  const base = `/projects/${slug}`;
  const links = [
    ...landed.sampleSources.map((s) => ({ key: `s:${s}`, href: `${base}/samples?source=${encodeURIComponent(s)}`, text: t("imports.report.samplesOf", { name: s }) })),
    ...landed.trajectoryBenchmarks.map((b) => ({ key: `b:${b}`, href: `${base}/trajectories?benchmark=${encodeURIComponent(b)}`, text: t("imports.report.trajectoriesOf", { name: b }) })),
    ...landed.runs.map((r) => ({ key: `r:${r.id}`, href: `${base}/runs/${r.id}`, text: t("imports.report.run", { name: r.name }) })),
  ];
  if (links.length === 0) return null;
  return (
    <nav aria-label={t("imports.report.landedLabel")} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
      <span className="text-slate-600">{t("imports.report.open")}</span>
      {links.map((l) => (
        <Link key={l.key} href={l.href} className="font-medium text-blue-800 hover:underline">{l.text} →</Link>
      ))}
    </nav>
  );
}

function createdText(t: Translate, part: FormatReport): string {
  // Reports stored before labels were imported have no `labels`.
  const created = [...Object.entries(part.created), ...Object.entries(part.labels ?? {})].filter(([, n]) => n > 0);
  return created.length ? countsText(t, created) : t("imports.report.nothing");
}

const where = (r: { file: string; line: number | null }) => `${r.file}${r.line ? `:${r.line}` : ""}`;

function ProblemList({ title, items, tone, isOpen = false }: { title: string; items: Rejected[]; tone: "red" | "slate"; isOpen?: boolean }) {
  if (items.length === 0) return null;
  const border = tone === "red" ? "border-red-200" : "border-slate-200";
  const text = tone === "red" ? "text-red-800" : "";
  return (
    <details open={isOpen} className={`rounded-md border ${border} bg-white`}>
      <summary className={`cursor-pointer p-3 text-sm font-medium ${text}`}>{title}</summary>
      <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
        {items.map((r, i) => (
          <li key={i} className="px-3 py-1.5"><span className="font-mono text-xs text-slate-600">{where(r)}</span> <span lang="en">{r.reason}</span></li>
        ))}
      </ul>
    </details>
  );
}

export function ImportReportView({ report, slug }: { report: ImportReport; slug?: string }) {
  const t = useT();
  const locale = useLocale();
  const n = (value: number) => formatNumber(locale, value);
  const parts = report.parts ?? [];
  return (
    <div className="space-y-4" aria-label={t("imports.report.label")}>
      {slug && <LandedLinks slug={slug} landed={report.landed} />}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          [t("imports.report.created"), createdText(t, report)],
          [t("imports.report.updated"), n(report.updated)],
          [t("imports.report.unchanged"), n(report.unchanged)],
          [t("imports.report.rejected"), n(report.rejectedCount)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 bg-white p-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {parts.length > 1 && (
        <table className="w-full rounded-md border border-slate-200 bg-white text-sm" aria-label={t("imports.report.perFormat")}>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              {(["imports.report.format", "imports.report.created", "imports.report.updated", "imports.report.unchanged", "imports.report.rejected"] as const).map((key) => (
                <th key={key} className="px-3 py-1.5 font-medium">{t(key)}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {parts.map((part) => (
              <tr key={part.format}>
                <td className="px-3 py-1.5 font-mono text-xs">{part.format}</td>
                <td className="px-3 py-1.5">{createdText(t, part)}</td>
                <td className="px-3 py-1.5 tabular-nums">{n(part.updated)}</td>
                <td className="px-3 py-1.5 tabular-nums">{n(part.unchanged)}</td>
                <td className="px-3 py-1.5 tabular-nums">{n(part.rejectedCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.imagesMissing > 0 && (
        <p className="text-sm text-amber-800">{t("imports.report.imagesMissing", { count: report.imagesMissing })}</p>
      )}
      <ReimportChanges report={report} slug={slug} />
      <ProblemList title={t("imports.report.rejectedTitle", { count: report.rejectedCount })} items={report.rejected} tone="red" isOpen />
      {report.disagreements.length > 0 && (
        <details className="rounded-md border border-amber-200 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium text-amber-800">{t("imports.report.disagreements", { count: report.disagreementCount })}</summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {report.disagreements.map((d, i) => (
              <li key={i} className="px-3 py-1.5">
                {d.file && <span className="font-mono text-xs text-slate-600">{where(d)} </span>}
                <Frame locale={locale} message="imports.report.disagreement"
                  values={{ item: d.sourceId, model: d.model, fileLabel: <b>{d.fileLabel}</b>, computed: <b>{d.computed}</b> }} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {(report.metricDifferences ?? []).length > 0 && (
        <details open className="rounded-md border border-amber-200 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium text-amber-800">{t("imports.report.metrics", { count: report.metricDifferenceCount })}</summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {report.metricDifferences.map((m, i) => (
              <li key={i} className="px-3 py-1.5">
                <span className="font-mono text-xs text-slate-600">{where({ file: m.file, line: m.line ?? null })}</span>{" "}
                <Frame locale={locale} message="imports.report.metric" values={{
                  metric: m.metric,
                  fileValue: <b>{m.fileValue === null ? t("imports.report.nothing") : formatNumber(locale, m.fileValue, { maximumFractionDigits: 6 })}</b>,
                  importedValue: <b>{m.importedValue === null ? t("imports.report.nothing") : formatNumber(locale, m.importedValue, { maximumFractionDigits: 6 })}</b>,
                }} />
              </li>
            ))}
          </ul>
        </details>
      )}
      <ProblemList title={t("imports.report.notes", { count: report.notes.length })} items={report.notes} tone="slate" />
    </div>
  );
}
