// An OSWorld run's success per domain and overall, as show_result.py counts it, reproduced
// from the imported result.txt scores and corrected by the verified answers.
import Link from "next/link";
import type { OsworldReport } from "@/lib/benchmarks/osworld-report";
import { FILES_BY_BENCHMARK } from "@/lib/benchmarks/benchmark-files-list";
import { cell, Downloads, Empty, headClass, num, Section, tableClass } from "@/components/benchmarks/benchmark-parts";

type Props = { project: { id: string; slug: string }; report: OsworldReport };

const rateText = (v: number | null) => (v === null ? "—" : `${v.toFixed(2)} %`);

export function OsworldBenchmark({ project, report }: Props) {
  const domains = report.original.perDomain;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">Success rate from result.txt ({report.original.runned} run)</dt><dd className="mt-1 text-lg tabular-nums" data-testid="osworld-original">{rateText(report.original.successRate)}</dd></div>
        <div className="rounded-lg border border-blue-200 bg-white p-4"><dt className="text-sm text-slate-600">Corrected by the verified answers</dt><dd className="mt-1 text-lg tabular-nums" data-testid="osworld-corrected">{rateText(report.corrected.successRate)}</dd></div>
      </dl>
      <Downloads projectId={project.id} runId={report.run.id} files={FILES_BY_BENCHMARK.osworld!} note="result.txt per example in a zip, the lines show_result.py prints" />
      <Section title="Per domain">
        {domains.length === 0 ? <Empty>No example of this run wrote result.txt.</Empty> : (
          <table className={tableClass} data-testid="osworld-domains">
            <thead className={headClass}><tr><th className="p-2">Domain</th><th className="p-2">Runned</th><th className="p-2">Success rate</th><th className="p-2">Corrected</th></tr></thead>
            <tbody className="divide-y divide-slate-100">
              {domains.map((d, i) => <tr key={d.domain}><td className="p-2">{d.domain}</td><td className={cell}>{d.runned}</td><td className={cell}>{rateText(d.successRate)}</td><td className={`${cell} font-semibold`}>{rateText(report.corrected.perDomain[i]!.successRate)}</td></tr>)}
              {report.original.groups.map((g, i) => <tr key={g.name} className="bg-slate-50"><td className="p-2 italic">{g.name}</td><td /><td className={cell}>{rateText(g.successRate)}</td><td className={`${cell} font-semibold`}>{rateText(report.corrected.groups[i]!.successRate)}</td></tr>)}
            </tbody>
          </table>
        )}
      </Section>
      <Section title={`Examples whose score the verified answer changed (${report.changed.length})`} label="Changed tasks">
        {report.changed.length === 0 ? <Empty>None so far.</Empty> : (
          <ul className="space-y-1 rounded-lg border border-amber-200 bg-white p-3 text-sm">
            {report.changed.map((t) => <li key={t.trajectoryId}><Link className="font-mono text-blue-800 hover:underline" href={`/projects/${project.slug}/trajectories/${t.trajectoryId}`}>{t.domain}/{t.taskId}</Link>: {num(t.metrics.original.score)} → {num(t.metrics.corrected.score)} {t.verifiedBy && <span className="text-slate-600">by {t.verifiedBy.by.join(", ")}</span>}</li>)}
          </ul>
        )}
      </Section>
    </div>
  );
}
