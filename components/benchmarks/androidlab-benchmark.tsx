// An AndroidLab run's own figures: SR (Acc), Sub-SR (Partial_Acc), RRR and the
// reasonable-operation ratio per app and overall, as the evaluator's files say, as Verity
// reproduces them from the import, and as the verified answers correct them; per task the
// same, every difference from the files, and the tasks a verified answer changed.
import Link from "next/link";
import type { AndroidLabReport } from "@/lib/benchmarks/androidlab-report";
import type { AppTotal } from "@/lib/benchmarks/androidlab-totals";
import { cell, Downloads, Empty, headClass, num, RateText, Section, tableClass } from "@/components/benchmarks/benchmark-parts";
import { FILES_BY_BENCHMARK } from "@/lib/benchmarks/benchmark-files-list";

type Props = { project: { id: string; slug: string }; report: AndroidLabReport };

const FIGURES: [keyof AppTotal, string][] = [
  ["Acc", "SR (Acc)"],
  ["Complete_Correct", "Complete"],
  ["Partial_Acc", "Sub-SR (Partial_Acc)"],
  ["RRR", "RRR"],
  ["reasonable_operation_ratio", "ROR"],
];

const fileValue = (totals: unknown[], app: string, key: string) => {
  const line = totals.find((t) => typeof t === "object" && t !== null && (t as Record<string, unknown>).App === app) as Record<string, unknown> | undefined;
  return typeof line?.[key] === "number" ? (line[key] as number) : null;
};

function PerApp({ report }: Props) {
  return (
    <table className={tableClass} data-testid="androidlab-per-app">
      <thead className={headClass}>
        <tr><th className="p-2">App</th><th className="p-2">Tasks</th>{FIGURES.map(([, label]) => <th key={label} className="p-2" colSpan={3}>{label}</th>)}</tr>
        <tr className="text-xs text-slate-600"><th /><th />{FIGURES.map(([key]) => ["file", "reproduced", "corrected"].map((w) => <th key={`${key}-${w}`} className="p-1 font-normal">{w}</th>))}</tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {report.original.map((o, i) => {
          const c = report.corrected[i]!;
          return (
            <tr key={o.App} data-app={o.App}>
              <td className="p-2 font-medium">{o.App}</td>
              <td className={cell}>{o.Total.value}</td>
              {FIGURES.map(([key]) => (
                <FigureCells key={key} file={fileValue(report.fileTotals, o.App, key)} reproduced={(o[key] as { value: number }).value} corrected={(c[key] as { value: number }).value} testId={`${o.App}-${key}`} />
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function FigureCells({ file, reproduced, corrected, testId }: { file: number | null; reproduced: number; corrected: number; testId: string }) {
  const differs = file !== null && Math.abs(file - reproduced) > 1e-12;
  return (
    <>
      <td className={`${cell} text-slate-600`}>{num(file)}</td>
      <td className={`${cell} ${differs ? "bg-red-50 text-red-800" : ""}`}>{num(reproduced)}</td>
      <td className={`${cell} font-semibold ${corrected !== reproduced ? "bg-amber-50" : ""}`} data-testid={`corrected-${testId}`}>{num(corrected)}</td>
    </>
  );
}

function Tasks({ project, report }: Props) {
  return (
    <table className={tableClass} data-testid="androidlab-tasks">
      <thead className={headClass}>
        <tr><th className="p-2">Task</th><th className="p-2">Judged steps</th><th className="p-2">Complete</th><th className="p-2">Sub-goals</th><th className="p-2">Partial</th><th className="p-2">RRR</th><th className="p-2">ROR</th><th className="p-2">Verified by</th></tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {report.tasks.map((t) => {
          const o = t.metrics.original;
          const c = t.metrics.corrected;
          const both = (a: string, b: string) => (a === b ? a : `${a} → ${b}`);
          const goals = c.result.filter(([k]) => k !== "complete" && k !== "judge_page").map(([k, v]) => `${k}:${v ? "met" : "unmet"}`).join(" ") || "—";
          return (
            <tr key={t.trajectoryId} className={t.metrics.changed.length ? "bg-amber-50" : undefined} data-task={t.taskId}>
              <td className="p-2"><Link href={`/projects/${project.slug}/trajectories/${t.trajectoryId}`} className="font-mono text-xs text-blue-800 hover:underline">{t.taskId}</Link><div className="text-xs text-slate-600">{t.task}</div></td>
              <td className={cell}>{t.metrics.judgedSteps}</td>
              <td className={cell}>{both(String(o.complete), String(c.complete))}</td>
              <td className="p-2 font-mono text-xs">{goals}</td>
              <td className={cell}>{both(num(o.partial.value), num(c.partial.value))}</td>
              <td className={cell}>{both(num(o.rrr?.value ?? null), num(c.rrr?.value ?? null))} <span className="text-xs text-slate-500">(file {num(t.file.rrr)})</span></td>
              <td className={cell}>{both(num(o.ror.value), num(c.ror.value))} <span className="text-xs text-slate-500">(file {num(t.file.ror)})</span></td>
              <td className="p-2 text-xs">{t.verifiedBy ? t.verifiedBy.by.join(", ") || t.verifiedBy.source : "not verified"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function AndroidLabBenchmark({ project, report }: Props) {
  const overall = report.overall;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">SR as the evaluator judged it</dt><dd className="mt-1 text-lg" data-testid="androidlab-sr-original"><RateText rate={report.successRate.original} /></dd></div>
        <div className="rounded-lg border border-blue-200 bg-white p-4"><dt className="text-sm text-slate-600">SR corrected ({report.verifiedCount} of {report.tasks.length} verified)</dt><dd className="mt-1 text-lg" data-testid="androidlab-sr-corrected"><RateText rate={report.successRate.corrected} /></dd></div>
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">SR of the verified tasks only</dt><dd className="mt-1 text-lg"><RateText rate={report.successRate.verifiedOnly} /></dd></div>
      </dl>
      <Downloads projectId={project.id} runId={report.run.id} files={FILES_BY_BENCHMARK.androidlab!} note="corrected by the verified answers" />
      <Section title="Per app (total.jsonl)">
        <PerApp project={project} report={report} />
        <p className="text-xs text-slate-600">
          output.xlsx, reproduced → corrected: Complete_Correct {num(overall.original.Complete_Correct.value)} → {num(overall.corrected.Complete_Correct.value)},
          Sum_Partial_Acc {num(overall.original.Sum_Partial_Acc.value)} → {num(overall.corrected.Sum_Partial_Acc.value)},
          Sum_RRR {num(overall.original.Sum_RRR.value)} → {num(overall.corrected.Sum_RRR.value)},
          Sum_reasonable_operation_ratio {num(overall.original.Sum_reasonable_operation_ratio.value)} → {num(overall.corrected.Sum_reasonable_operation_ratio.value)}{" "}
          (percentages of 138 tasks, as generate_result.py&apos;s --total_num). RRR&apos;s ground truth: {report.run.groundTruthFile ?? "no ground_truth_length.json in the import, so no task has an RRR"}.
        </p>
      </Section>
      <Section title={`Differences from the evaluator's files (${report.differences.length})`} label="Differences">
        {report.differences.length === 0 ? (
          <Empty>None: every figure Verity recomputed from the import equals the evaluator&apos;s results.jsonl and total.jsonl.</Empty>
        ) : (
          <ul className="space-y-1 rounded-lg border border-red-200 bg-white p-3 text-sm" data-testid="androidlab-differences">
            {report.differences.map((d, i) => (
              <li key={i}><span className="font-mono">{d.taskId ?? "total"}</span> {d.figure}: file {JSON.stringify(d.file)}, reproduced {JSON.stringify(d.reproduced)}
                {d.taskId && report.tasks.find((t) => t.taskId === d.taskId)?.metrics.notes.length ? <span className="text-slate-600"> — {report.tasks.find((t) => t.taskId === d.taskId)!.metrics.notes.join("; ")}</span> : null}</li>
            ))}
          </ul>
        )}
        {report.withoutResults.length > 0 && <p className="text-sm text-slate-600">Episodes without a results line (not judged by the evaluator): {report.withoutResults.join(", ")}</p>}
      </Section>
      <Section title={`Tasks whose figures the verified answer changed (${report.changed.length})`} label="Changed tasks">
        {report.changed.length === 0 ? <Empty>None so far.</Empty> : (
          <ul className="space-y-1 rounded-lg border border-amber-200 bg-white p-3 text-sm" data-testid="androidlab-changed">
            {report.changed.map((t) => <li key={t.trajectoryId}><span className="font-mono">{t.taskId}</span>: {t.metrics.changed.join(", ")} {t.verifiedBy && <span className="text-slate-600">by {t.verifiedBy.by.join(", ") || t.verifiedBy.source}</span>}</li>)}
          </ul>
        )}
      </Section>
      <Section title={`Tasks (${report.tasks.length})`}>
        <Tasks project={project} report={report} />
      </Section>
    </div>
  );
}
