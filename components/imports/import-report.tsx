import Link from "next/link";
import { countText } from "@/components/imports/count-text";
import type { FormatReport, ImportReport, Landed, Rejected } from "@/lib/imports/write/report";

/** Links to what the import wrote: the samples of each dataset, the trajectories of each benchmark, each run. */
function LandedLinks({ slug, landed }: { slug: string; landed: Landed | undefined }) {
  if (!landed) return null;
  const base = `/projects/${slug}`;
  const links = [
    ...landed.sampleSources.map((s) => ({ key: `s:${s}`, href: `${base}/samples?source=${encodeURIComponent(s)}`, text: `Samples of ${s}` })),
    ...landed.trajectoryBenchmarks.map((b) => ({ key: `b:${b}`, href: `${base}/trajectories?benchmark=${encodeURIComponent(b)}`, text: `Trajectories of ${b}` })),
    ...landed.runs.map((r) => ({ key: `r:${r.id}`, href: `${base}/runs/${r.id}`, text: `Run ${r.name}` })),
  ];
  if (links.length === 0) return null;
  return (
    <nav aria-label="What was imported" className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
      <span className="text-slate-600">Open what was imported:</span>
      {links.map((l) => (
        <Link key={l.key} href={l.href} className="font-medium text-blue-800 hover:underline">{l.text} →</Link>
      ))}
    </nav>
  );
}

function createdText(part: FormatReport): string {
  // Reports stored before labels were imported have no `labels`.
  const created = [...Object.entries(part.created), ...Object.entries(part.labels ?? {})].filter(([, n]) => n > 0);
  return created.length ? created.map(([k, n]) => countText(k, n)).join(", ") : "nothing";
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
          <li key={i} className="px-3 py-1.5"><span className="font-mono text-xs text-slate-600">{where(r)}</span> {r.reason}</li>
        ))}
      </ul>
    </details>
  );
}

export function ImportReportView({ report, slug }: { report: ImportReport; slug?: string }) {
  const parts = report.parts ?? [];
  return (
    <div className="space-y-4" aria-label="Import report">
      {slug && <LandedLinks slug={slug} landed={report.landed} />}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          ["Created", createdText(report)],
          ["Updated", String(report.updated)],
          ["Unchanged", String(report.unchanged)],
          ["Rejected", String(report.rejectedCount)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 bg-white p-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {parts.length > 1 && (
        <table className="w-full rounded-md border border-slate-200 bg-white text-sm" aria-label="Report per format">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr><th className="px-3 py-1.5 font-medium">Format</th><th className="px-3 py-1.5 font-medium">Created</th><th className="px-3 py-1.5 font-medium">Updated</th><th className="px-3 py-1.5 font-medium">Unchanged</th><th className="px-3 py-1.5 font-medium">Rejected</th></tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {parts.map((part) => (
              <tr key={part.format}>
                <td className="px-3 py-1.5 font-mono text-xs">{part.format}</td>
                <td className="px-3 py-1.5">{createdText(part)}</td>
                <td className="px-3 py-1.5 tabular-nums">{part.updated}</td>
                <td className="px-3 py-1.5 tabular-nums">{part.unchanged}</td>
                <td className="px-3 py-1.5 tabular-nums">{part.rejectedCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.imagesMissing > 0 && (
        <p className="text-sm text-amber-800">{report.imagesMissing} records have no image yet; import the images alone later to complete them.</p>
      )}
      <ProblemList title={`Rejected records (${report.rejectedCount})`} items={report.rejected} tone="red" isOpen />
      {report.disagreements.length > 0 && (
        <details className="rounded-md border border-amber-200 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium text-amber-800">Correctness disagreements with the file ({report.disagreementCount})</summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {report.disagreements.map((d, i) => (
              <li key={i} className="px-3 py-1.5">
                {d.file && <span className="font-mono text-xs text-slate-600">{where(d)} </span>}
                {d.sourceId} ({d.model}): file says <b>{d.fileLabel}</b>, point-in-box gives <b>{d.computed}</b>
              </li>
            ))}
          </ul>
        </details>
      )}
      {(report.metricDifferences ?? []).length > 0 && (
        <details open className="rounded-md border border-amber-200 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium text-amber-800">The results file&apos;s own metrics that the imported answers do not reproduce ({report.metricDifferenceCount})</summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {report.metricDifferences.map((m, i) => (
              <li key={i} className="px-3 py-1.5">
                <span className="font-mono text-xs text-slate-600">{m.file}</span> {m.metric}: the file says <b>{m.fileValue ?? "nothing"}</b>, the imported answers give <b>{m.importedValue ?? "nothing"}</b>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ProblemList title={`Notes (${report.notes.length})`} items={report.notes} tone="slate" />
    </div>
  );
}
