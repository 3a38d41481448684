// Step versus trace accuracy over checkpoints: which runs form the series (a GET form with the
// project's runs, ticked by benchmark), the chart, and the figures behind it in a table.
import Link from "next/link";
import { CheckpointChart, type CheckpointDatum } from "@/components/runs/checkpoint-chart";
import type { CheckpointPoint, CheckpointRun } from "@/lib/runs/checkpoints/checkpoint-accuracy";
import { percent, range } from "@/lib/domain/estimates/format";

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

export function CheckpointScreen({ slug, runs, chosen, points }: Props) {
  const benchmarks = [...new Set(runs.map((r) => r.benchmark))].sort();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Step accuracy and trace accuracy over checkpoints</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Over each run&apos;s verified episodes: step accuracy (correct steps of the labelled ones, with an interval that takes episodes as the units sampled) and trace accuracy
          (verified successes, Wilson interval). Runs are ordered by the checkpoint their import recorded, else the last number in their name.
        </p>
      </div>
      <form method="get" action={`/projects/${slug}/runs/checkpoints`} aria-label="Runs in the series" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        {benchmarks.map((b) => (
          <fieldset key={b}>
            <legend className="text-sm font-medium text-slate-700">{b}</legend>
            <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
              {runs.filter((r) => r.benchmark === b).map((r) => (
                <label key={r.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="run" value={r.id} defaultChecked={chosen.includes(r.id)} />
                  {r.name} <span className="text-slate-500">{r.model ?? "unknown model"} · {r.episodes} episodes</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <button type="submit" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">Show</button>
      </form>
      {points.length === 0 ? (
        <p className="text-sm text-slate-600">Tick the runs of one model&apos;s checkpoints to chart them.</p>
      ) : (
        <>
          <CheckpointChart data={points.map(datum)} />
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="checkpoint-table">
            <thead className="bg-slate-100 text-left"><tr><th className="p-2">Checkpoint run</th><th className="p-2">Verified episodes</th><th className="p-2">Step accuracy (95% CI)</th><th className="p-2">Trace accuracy (95% CI)</th></tr></thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {points.map((p) => (
                <tr key={p.id}>
                  <td className="p-2"><Link href={`/projects/${slug}/runs/${p.id}`} className="text-blue-800 hover:underline">{p.name}</Link></td>
                  <td className="p-2">{p.verified} of {p.episodes}</td>
                  <td className="p-2">{p.step ? <>{percent(p.step.value)} {p.step.low !== null && <span className="text-slate-500">({range(p.step.low, p.step.high!)})</span>} <span className="text-xs text-slate-500">{p.step.steps} steps</span></> : "—"}</td>
                  <td className="p-2">{p.trace ? <>{percent(p.trace.value)} <span className="text-slate-500">({range(p.trace.low, p.trace.high)})</span> <span className="text-xs text-slate-500">{p.trace.successes}/{p.trace.decided}</span></> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
