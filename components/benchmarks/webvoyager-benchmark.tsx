// A WebVoyager run's success per site, as its GPT-4V auto-evaluator judged it and as the
// verified answers correct it, with each task's answer beside its reference answer.
import Link from "next/link";
import type { WebVoyagerReport } from "@/lib/benchmarks/webvoyager-report";
import { FILES_BY_BENCHMARK } from "@/lib/benchmarks/benchmark-files-list";
import { cell, Downloads, headClass, RateText, Section, tableClass } from "@/components/benchmarks/benchmark-parts";

type Props = { project: { id: string; slug: string }; report: WebVoyagerReport };
const verdict = (v: boolean | null) => (v === null ? "—" : v ? "success" : "failure");

export function WebVoyagerBenchmark({ project, report }: Props) {
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">Auto-evaluation (judge)</dt><dd className="mt-1 text-lg"><RateText rate={report.overall.auto} /></dd></div>
        <div className="rounded-lg border border-blue-200 bg-white p-4"><dt className="text-sm text-slate-600">Corrected by the verified answers</dt><dd className="mt-1 text-lg"><RateText rate={report.overall.corrected} /></dd></div>
      </dl>
      <Downloads projectId={project.id} runId={report.run.id} files={FILES_BY_BENCHMARK.webvoyager!} note="auto_eval.py's per-site lists" />
      <Section title="Per site">
        <table className={tableClass} data-testid="webvoyager-sites">
          <thead className={headClass}><tr><th className="p-2">Site</th><th className="p-2">Tasks</th><th className="p-2">Auto-evaluation</th><th className="p-2">Corrected</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {report.perSite.map((s) => <tr key={s.site}><td className="p-2">{s.site}</td><td className={cell}>{s.tasks}</td><td className="p-2"><RateText rate={s.auto} /></td><td className="p-2"><RateText rate={s.corrected} /></td></tr>)}
          </tbody>
        </table>
      </Section>
      <Section title={`Tasks (${report.tasks.length})`}>
        <table className={tableClass}>
          <thead className={headClass}><tr><th className="p-2">Task</th><th className="p-2">Agent&apos;s answer</th><th className="p-2">Reference answer</th><th className="p-2">Judge</th><th className="p-2">Corrected</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {report.tasks.map((t) => (
              <tr key={t.trajectoryId} className={t.verifiedBy && t.corrected !== t.auto ? "bg-amber-50" : undefined}>
                <td className="p-2"><Link className="font-mono text-xs text-blue-800 hover:underline" href={`/projects/${project.slug}/trajectories/${t.trajectoryId}`}>{t.taskId}</Link></td>
                <td className="p-2">{t.answer ?? <span className="text-slate-400">no answer</span>}</td>
                <td className="p-2">{t.reference ? <>{t.reference.ans} <span className="text-xs text-slate-500">({t.reference.type})</span></> : <span className="text-slate-400">none imported</span>}</td>
                <td className="p-2">{verdict(t.auto)}</td>
                <td className="p-2 font-semibold">{verdict(t.corrected)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
