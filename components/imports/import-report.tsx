import { countText } from "@/components/imports/count-text";
import type { ImportReport } from "@/lib/imports/write/report";

export function ImportReportView({ report }: { report: ImportReport }) {
  const created = Object.entries(report.created).filter(([, n]) => n > 0);
  return (
    <div className="space-y-4" aria-label="Import report">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          ["Created", created.length ? created.map(([k, n]) => countText(k, n)).join(", ") : "nothing"],
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
      {report.imagesMissing > 0 && (
        <p className="text-sm text-amber-800">{report.imagesMissing} records have no image yet; import the images alone later to complete them.</p>
      )}
      {report.rejected.length > 0 && (
        <details open className="rounded-md border border-red-200 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium text-red-800">Rejected records ({report.rejectedCount})</summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {report.rejected.map((r, i) => (
              <li key={i} className="px-3 py-1.5"><span className="font-mono text-xs text-slate-600">{r.file}{r.line ? `:${r.line}` : ""}</span> {r.reason}</li>
            ))}
          </ul>
        </details>
      )}
      {report.disagreements.length > 0 && (
        <details className="rounded-md border border-amber-200 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium text-amber-800">Correctness disagreements with the file ({report.disagreementCount})</summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {report.disagreements.map((d, i) => (
              <li key={i} className="px-3 py-1.5">{d.sourceId} ({d.model}): file says <b>{d.fileLabel}</b>, point-in-box gives <b>{d.computed}</b></li>
            ))}
          </ul>
        </details>
      )}
      {report.notes.length > 0 && (
        <details className="rounded-md border border-slate-200 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium">Notes ({report.notes.length})</summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {report.notes.map((r, i) => (
              <li key={i} className="px-3 py-1.5"><span className="font-mono text-xs text-slate-600">{r.file}{r.line ? `:${r.line}` : ""}</span> {r.reason}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
