// A WebVoyager run's success per site, as its GPT-4V auto-evaluator judged it and as the
// verified answers correct it, with each task's answer beside its reference answer.
import Link from "next/link";
import type { WebVoyagerReport } from "@/lib/benchmarks/webvoyager-report";
import { FILES_BY_BENCHMARK } from "@/lib/benchmarks/benchmark-files-list";
import { cell, Downloads, headClass, RateText, Section, tableClass } from "@/components/benchmarks/benchmark-parts";
import { outcomeText } from "@/components/runs/outcome-text";
import { getT } from "@/lib/i18n/server";

type Props = { project: { id: string; slug: string }; report: WebVoyagerReport };

export async function WebVoyagerBenchmark({ project, report }: Props) {
  const { t } = await getT();
  const verdict = (v: boolean | null) => outcomeText(t, v);
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("webvoyager.auto")}</dt><dd className="mt-1 text-lg"><RateText rate={report.overall.auto} /></dd></div>
        <div className="rounded-lg border border-blue-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("benchmark.correctedTitle")}</dt><dd className="mt-1 text-lg"><RateText rate={report.overall.corrected} /></dd></div>
      </dl>
      <Downloads projectId={project.id} runId={report.run.id} files={FILES_BY_BENCHMARK.webvoyager!} note={t("webvoyager.filesNote")} />
      <Section title={t("webvoyager.perSite")}>
        <table className={tableClass} data-testid="webvoyager-sites">
          <thead className={headClass}><tr><th className="p-2">{t("webvoyager.site")}</th><th className="p-2">{t("benchmark.tasks")}</th><th className="p-2">{t("webvoyager.autoShort")}</th><th className="p-2">{t("runs.corrected")}</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {report.perSite.map((s) => <tr key={s.site}><td className="p-2">{s.site}</td><td className={cell}>{s.tasks}</td><td className="p-2"><RateText rate={s.auto} /></td><td className="p-2"><RateText rate={s.corrected} /></td></tr>)}
          </tbody>
        </table>
      </Section>
      <Section title={t("benchmark.tasksCount", { count: report.tasks.length })}>
        <table className={tableClass}>
          <thead className={headClass}><tr><th className="p-2">{t("benchmark.task")}</th><th className="p-2">{t("webvoyager.answer")}</th><th className="p-2">{t("webvoyager.reference")}</th><th className="p-2">{t("webvoyager.judge")}</th><th className="p-2">{t("runs.corrected")}</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {report.tasks.map((task) => (
              <tr key={task.trajectoryId} className={task.verifiedBy && task.corrected !== task.auto ? "bg-amber-50" : undefined}>
                <td className="p-2"><Link className="font-mono text-xs text-blue-800 hover:underline" href={`/projects/${project.slug}/trajectories/${task.trajectoryId}`}>{task.taskId}</Link></td>
                <td className="p-2">{task.answer ?? <span className="text-slate-400">{t("webvoyager.noAnswer")}</span>}</td>
                <td className="p-2">{task.reference ? <>{task.reference.ans} <span className="text-xs text-slate-500">({task.reference.type})</span></> : <span className="text-slate-400">{t("webvoyager.noneImported")}</span>}</td>
                <td className="p-2">{verdict(task.auto)}</td>
                <td className="p-2 font-semibold">{verdict(task.corrected)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
