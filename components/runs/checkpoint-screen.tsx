// Step versus trace accuracy over checkpoints: which runs form the series (a GET form with the
// project's runs, ticked by benchmark), the chart, and the figures behind it in a table.
import Link from "next/link";
import { CheckpointChart, type CheckpointDatum } from "@/components/runs/checkpoint-chart";
import { estimateText } from "@/components/runs/estimate-text";
import type { CheckpointPoint, CheckpointRun } from "@/lib/runs/checkpoints/checkpoint-accuracy";
import { getT } from "@/lib/i18n/server";

type Props = { slug: string; runs: CheckpointRun[]; chosen: string[]; points: CheckpointPoint[] };

const pct = (v: number) => Math.round(v * 1000) / 10;

function datum(p: CheckpointPoint): CheckpointDatum {
  const step = p.step;
  const trace = p.trace;
  return {
    name: p.name,
    step: step ? pct(step.value) : null,
    stepError: step && step.low !== null && step.high !== null ? [pct(step.value) - pct(step.low), pct(step.high) - pct(step.value)] : null,
    trace: trace ? pct(trace.value) : null,
    traceError: trace ? [pct(trace.value) - pct(trace.low), pct(trace.high) - pct(trace.value)] : null,
  };
}

export async function CheckpointScreen({ slug, runs, chosen, points }: Props) {
  const { t, locale } = await getT();
  const e = estimateText(t, locale);
  const benchmarks = [...new Set(runs.map((r) => r.benchmark))].sort();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("checkpoints.heading")}</h1>
        <p className="max-w-3xl text-sm text-slate-600">{t("checkpoints.intro")}</p>
      </div>
      <form method="get" action={`/projects/${slug}/runs/checkpoints`} aria-label={t("checkpoints.form")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        {benchmarks.map((b) => (
          <fieldset key={b}>
            <legend className="text-sm font-medium text-slate-700">{b}</legend>
            <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
              {runs.filter((r) => r.benchmark === b).map((r) => (
                <label key={r.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="run" value={r.id} defaultChecked={chosen.includes(r.id)} />
                  {r.name} <span className="text-slate-500">{t("runs.modelEpisodes", { model: r.model ?? t("runs.unknownModel"), episodes: r.episodes })}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <button type="submit" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">{t("checkpoints.show")}</button>
      </form>
      {points.length === 0 ? (
        <p className="text-sm text-slate-600">{t("checkpoints.none")}</p>
      ) : (
        <>
          <CheckpointChart data={points.map(datum)} />
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="checkpoint-table">
            <thead className="bg-slate-100 text-left"><tr><th className="p-2">{t("checkpoints.run")}</th><th className="p-2">{t("checkpoints.verified")}</th><th className="p-2">{t("checkpoints.stepCi")}</th><th className="p-2">{t("checkpoints.traceCi")}</th></tr></thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {points.map((p) => (
                <tr key={p.id}>
                  <td className="p-2"><Link href={`/projects/${slug}/runs/${p.id}`} className="text-blue-800 hover:underline">{p.name}</Link></td>
                  <td className="p-2">{t("runs.countOf", { count: p.verified, total: p.episodes })}</td>
                  <td className="p-2">{p.step ? <>{e.percent(p.step.value)} {p.step.low !== null && <span className="text-slate-500">({e.range(p.step.low, p.step.high!)})</span>} <span className="text-xs text-slate-500">{t("checkpoints.steps", { steps: p.step.steps })}</span></> : "—"}</td>
                  <td className="p-2">{p.trace ? <>{e.percent(p.trace.value)} <span className="text-slate-500">({e.range(p.trace.low, p.trace.high)})</span> <span className="text-xs text-slate-500">{p.trace.successes}/{p.trace.decided}</span></> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
