// An OSWorld run's success per domain and overall, as show_result.py counts it, reproduced
// from the imported result.txt scores and corrected by the verified answers.
import Link from "next/link";
import type { OsworldReport } from "@/lib/benchmarks/osworld-report";
import { FILES_BY_BENCHMARK } from "@/lib/benchmarks/benchmark-files-list";
import { cell, Downloads, Empty, headClass, numberText, Section, tableClass } from "@/components/benchmarks/benchmark-parts";
import { formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";

type Props = { project: { id: string; slug: string }; report: OsworldReport };


export async function OsworldBenchmark({ project, report }: Props) {
  const { t, locale } = await getT();
  const num = numberText(locale);
  // show_result.py prints the rate with two decimals and a space before the sign.
  const rateText = (v: number | null) => (v === null ? "—" : `${formatNumber(locale, Number(v.toFixed(2)), { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`);
  const domains = report.original.perDomain;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("osworld.original", { runned: report.original.runned })}</dt><dd className="mt-1 text-lg tabular-nums" data-testid="osworld-original">{rateText(report.original.successRate)}</dd></div>
        <div className="rounded-lg border border-blue-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("benchmark.correctedTitle")}</dt><dd className="mt-1 text-lg tabular-nums" data-testid="osworld-corrected">{rateText(report.corrected.successRate)}</dd></div>
      </dl>
      <Downloads projectId={project.id} runId={report.run.id} files={FILES_BY_BENCHMARK.osworld!} note={t("osworld.filesNote")} />
      <Section title={t("osworld.perDomain")}>
        {domains.length === 0 ? <Empty>{t("osworld.noResults")}</Empty> : (
          <table className={tableClass} data-testid="osworld-domains">
            <thead className={headClass}><tr><th className="p-2">{t("osworld.domain")}</th><th className="p-2">{t("osworld.runned")}</th><th className="p-2">{t("osworld.successRate")}</th><th className="p-2">{t("runs.corrected")}</th></tr></thead>
            <tbody className="divide-y divide-slate-100">
              {domains.map((d, i) => <tr key={d.domain}><td className="p-2">{d.domain}</td><td className={cell}>{d.runned}</td><td className={cell}>{rateText(d.successRate)}</td><td className={`${cell} font-semibold`}>{rateText(report.corrected.perDomain[i]!.successRate)}</td></tr>)}
              {report.original.groups.map((g, i) => <tr key={g.name} className="bg-slate-50"><td className="p-2 italic">{g.name}</td><td /><td className={cell}>{rateText(g.successRate)}</td><td className={`${cell} font-semibold`}>{rateText(report.corrected.groups[i]!.successRate)}</td></tr>)}
            </tbody>
          </table>
        )}
      </Section>
      <Section title={t("osworld.changed", { count: report.changed.length })} label={t("benchmark.changedLabel")}>
        {report.changed.length === 0 ? <Empty>{t("benchmark.noneSoFar")}</Empty> : (
          <ul className="space-y-1 rounded-lg border border-amber-200 bg-white p-3 text-sm">
            {report.changed.map((task) => <li key={task.trajectoryId}><Link className="font-mono text-blue-800 hover:underline" href={`/projects/${project.slug}/trajectories/${task.trajectoryId}`}>{task.domain}/{task.taskId}</Link>: {num(task.metrics.original.score)} → {num(task.metrics.corrected.score)} {task.verifiedBy && <span className="text-slate-600">{t("benchmark.by", { who: task.verifiedBy.by.join(", ") })}</span>}</li>)}
          </ul>
        )}
      </Section>
    </div>
  );
}
