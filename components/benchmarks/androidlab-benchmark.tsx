// An AndroidLab run's own figures: SR (Acc), Sub-SR (Partial_Acc), RRR and the
// reasonable-operation ratio per app and overall, as the evaluator's files say, as Verity
// reproduces them from the import, and as the verified answers correct them; per task the
// same, every difference from the files, and the tasks a verified answer changed.
import Link from "next/link";
import type { AndroidLabReport } from "@/lib/benchmarks/androidlab-report";
import type { AppTotal } from "@/lib/benchmarks/androidlab-totals";
import { cell, Downloads, Empty, headClass, numberText, RateText, Section, tableClass } from "@/components/benchmarks/benchmark-parts";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import { FILES_BY_BENCHMARK } from "@/lib/benchmarks/benchmark-files-list";

type Props = { project: { id: string; slug: string }; report: AndroidLabReport };
type Text = { t: Translate; num: ReturnType<typeof numberText> };

// Each column one number format: rates always to four places, the count as a whole number.
const FIGURES: [keyof AppTotal, string, "rate" | "count"][] = [
  ["Acc", "SR (Acc)", "rate"],
  ["Complete_Correct", "Complete", "count"], // named in the reader's language in PerApp; the others are the benchmark's own names
  ["Partial_Acc", "Sub-SR (Partial_Acc)", "rate"],
  ["RRR", "RRR", "rate"],
  ["reasonable_operation_ratio", "ROR", "rate"],
];

const fileValue = (totals: unknown[], app: string, key: string) => {
  const line = totals.find((t) => typeof t === "object" && t !== null && (t as Record<string, unknown>).App === app) as Record<string, unknown> | undefined;
  return typeof line?.[key] === "number" ? (line[key] as number) : null;
};

function PerApp({ report, t, num }: Props & Text) {
  return (
    // Seventeen columns: the table scrolls inside its card rather than past it (1280 px wide).
    <div className="overflow-x-auto">
    <table className={tableClass} data-testid="androidlab-per-app">
      <thead className={headClass}>
        <tr><th className="p-2">{t("runs.app")}</th><th className="p-2">{t("benchmark.tasks")}</th>{FIGURES.map(([key, label]) => <th key={label} className="p-2" colSpan={3}>{key === "Complete_Correct" ? t("benchmark.complete") : label}</th>)}</tr>
        <tr className="text-xs text-slate-600"><th /><th />{FIGURES.map(([key]) => (["benchmark.file", "benchmark.reproduced", "benchmark.corrected"] as const).map((w) => <th key={`${key}-${w}`} className="p-1 font-normal">{t(w)}</th>))}</tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {report.original.map((o, i) => {
          const c = report.corrected[i]!;
          return (
            <tr key={o.App} data-app={o.App}>
              <td className="p-2 font-medium">{o.App}</td>
              <td className={cell}>{o.Total.value}</td>
              {FIGURES.map(([key, , kind]) => (
                <FigureCells key={key} num={kind === "rate" ? (v) => num(v, 4, true) : num} file={fileValue(report.fileTotals, o.App, key)} reproduced={(o[key] as { value: number }).value} corrected={(c[key] as { value: number }).value} testId={`${o.App}-${key}`} />
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}

function FigureCells({ num, file, reproduced, corrected, testId }: { num: Text["num"]; file: number | null; reproduced: number; corrected: number; testId: string }) {
  const differs = file !== null && Math.abs(file - reproduced) > 1e-12;
  return (
    <>
      <td className={`${cell} text-slate-600`}>{num(file)}</td>
      <td className={`${cell} ${differs ? "bg-red-50 text-red-800" : ""}`}>{num(reproduced)}</td>
      <td className={`${cell} font-semibold ${corrected !== reproduced ? "bg-amber-50" : ""}`} data-testid={`corrected-${testId}`}>{num(corrected)}</td>
    </>
  );
}

function Tasks({ project, report, t, num }: Props & Text) {
  return (
    <table className={tableClass} data-testid="androidlab-tasks">
      <thead className={headClass}>
        <tr><th className="p-2">{t("benchmark.task")}</th><th className="p-2">{t("benchmark.judgedSteps")}</th><th className="p-2">{t("benchmark.complete")}</th><th className="p-2">{t("benchmark.subGoals")}</th><th className="p-2">{t("benchmark.partial")}</th><th className="p-2">RRR</th><th className="p-2">ROR</th><th className="p-2">{t("benchmark.verifiedBy")}</th></tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {report.tasks.map((task) => {
          const o = task.metrics.original;
          const c = task.metrics.corrected;
          const both = (a: string, b: string) => (a === b ? a : `${a} → ${b}`);
          const rate = (v: number | null | undefined) => num(v, 4, true); // the rate columns: four places throughout
          const goals = c.result.filter(([k]) => k !== "complete" && k !== "judge_page").map(([k, v]) => `${k}:${v ? t("benchmark.met") : t("benchmark.unmet")}`).join(" ") || "—";
          return (
            <tr key={task.trajectoryId} className={task.metrics.changed.length ? "bg-amber-50" : undefined} data-task={task.taskId}>
              <td className="p-2"><Link href={`/projects/${project.slug}/trajectories/${task.trajectoryId}`} className="font-mono text-xs text-blue-800 hover:underline">{task.taskId}</Link><div className="text-xs text-slate-600">{task.task}</div></td>
              <td className={cell}>{task.metrics.judgedSteps}</td>
              <td className={cell}>{both(String(o.complete), String(c.complete))}</td>
              <td className="p-2 font-mono text-xs">{goals}</td>
              <td className={cell}>{both(rate(o.partial.value), rate(c.partial.value))}</td>
              <td className={cell}>{both(rate(o.rrr?.value ?? null), rate(c.rrr?.value ?? null))} <span className="text-xs text-slate-500">{t("benchmark.fileValue", { value: rate(task.file.rrr) })}</span></td>
              <td className={cell}>{both(rate(o.ror.value), rate(c.ror.value))} <span className="text-xs text-slate-500">{t("benchmark.fileValue", { value: rate(task.file.ror) })}</span></td>
              <td className="p-2 text-xs">{task.verifiedBy ? task.verifiedBy.by.join(", ") || task.verifiedBy.source : t("verdict.none")}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export async function AndroidLabBenchmark({ project, report }: Props) {
  const { t, locale } = await getT();
  const num = numberText(locale);
  const overall = report.overall;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("androidlab.srOriginal")}</dt><dd className="mt-1 text-lg" data-testid="androidlab-sr-original"><RateText rate={report.successRate.original} /></dd></div>
        <div className="rounded-lg border border-blue-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("androidlab.srCorrected", { verified: report.verifiedCount, tasks: report.tasks.length })}</dt><dd className="mt-1 text-lg" data-testid="androidlab-sr-corrected"><RateText rate={report.successRate.corrected} /></dd></div>
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("androidlab.srVerifiedOnly")}</dt><dd className="mt-1 text-lg"><RateText rate={report.successRate.verifiedOnly} /></dd></div>
      </dl>
      <Downloads projectId={project.id} runId={report.run.id} files={FILES_BY_BENCHMARK.androidlab!} note={t("benchmark.correctedByVerified")} />
      <Section title={t("androidlab.perApp")}>
        <PerApp project={project} report={report} t={t} num={num} />
        <p className="text-xs text-slate-600">
          {t("androidlab.xlsx")} Complete_Correct {num(overall.original.Complete_Correct.value)} → {num(overall.corrected.Complete_Correct.value)},
          Sum_Partial_Acc {num(overall.original.Sum_Partial_Acc.value)} → {num(overall.corrected.Sum_Partial_Acc.value)},
          Sum_RRR {num(overall.original.Sum_RRR.value)} → {num(overall.corrected.Sum_RRR.value)},
          Sum_reasonable_operation_ratio {num(overall.original.Sum_reasonable_operation_ratio.value)} → {num(overall.corrected.Sum_reasonable_operation_ratio.value)}{" "}
          {t("androidlab.totalNum", { truth: report.run.groundTruthFile ?? t("androidlab.noGroundTruth") })}
        </p>
      </Section>
      <Section title={t("androidlab.differences", { count: report.differences.length })} label={t("androidlab.differencesLabel")}>
        {report.differences.length === 0 ? (
          <Empty>{t("androidlab.noDifferences")}</Empty>
        ) : (
          <ul className="space-y-1 rounded-lg border border-red-200 bg-white p-3 text-sm" data-testid="androidlab-differences">
            {report.differences.map((d, i) => (
              <li key={i}><span className="font-mono">{d.taskId ?? "total"}</span> {d.figure}: {t("androidlab.difference", { file: JSON.stringify(d.file), reproduced: JSON.stringify(d.reproduced) })}
                {d.taskId && report.tasks.find((t) => t.taskId === d.taskId)?.metrics.notes.length ? <span className="text-slate-600"> — {report.tasks.find((t) => t.taskId === d.taskId)!.metrics.notes.join("; ")}</span> : null}</li>
            ))}
          </ul>
        )}
        {report.withoutResults.length > 0 && <p className="text-sm text-slate-600">{t("androidlab.withoutResults", { episodes: report.withoutResults.join(", ") })}</p>}
      </Section>
      <Section title={t("androidlab.changed", { count: report.changed.length })} label={t("benchmark.changedLabel")}>
        {report.changed.length === 0 ? <Empty>{t("benchmark.noneSoFar")}</Empty> : (
          <ul className="space-y-1 rounded-lg border border-amber-200 bg-white p-3 text-sm" data-testid="androidlab-changed">
            {report.changed.map((task) => <li key={task.trajectoryId}><span className="font-mono">{task.taskId}</span>: {task.metrics.changed.join(", ")} {task.verifiedBy && <span className="text-slate-600">{t("benchmark.by", { who: task.verifiedBy.by.join(", ") || task.verifiedBy.source })}</span>}</li>)}
          </ul>
        )}
      </Section>
      <Section title={t("benchmark.tasksCount", { count: report.tasks.length })}>
        <Tasks project={project} report={report} t={t} num={num} />
      </Section>
    </div>
  );
}
