// A grounding evaluation run (one results file's answers): its accuracy overall and per
// platform, app, group and UI type, from the stored correctness, and what the check of the
// file's own metrics block found.
import Link from "next/link";
import type { AccuracyRow, GroundingRunAccuracy } from "@/lib/runs/grounding-accuracy";

type Check = { differenceCount: number; differences: { metric: string; fileValue: number | null; importedValue: number | null }[]; unchecked: string[] };
type Props = {
  project: { slug: string };
  run: { id: string; name: string; benchmark: string; model: string | null; meta: unknown };
  accuracy: GroundingRunAccuracy;
};

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function checkOf(meta: unknown): Check | null {
  const check = meta && typeof meta === "object" ? (meta as { metricsCheck?: Check }).metricsCheck : undefined;
  return check ?? null;
}

function Breakdown({ title, rows }: { title: string; rows: AccuracyRow[] }) {
  return (
    <section aria-label={`Accuracy per ${title}`}>
      <h2 className="mb-2 font-semibold">Per {title}</h2>
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-100 text-left"><tr><th className="p-2">{title}</th><th className="p-2">Answers</th><th className="p-2">Correct</th><th className="p-2">Wrong format</th><th className="p-2">Accuracy</th></tr></thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.value}><td className="p-2">{r.value}</td><td className="p-2 tabular-nums">{r.total}</td><td className="p-2 tabular-nums">{r.correct}</td><td className="p-2 tabular-nums">{r.wrongFormat}</td><td className="p-2 tabular-nums">{pct(r.accuracy)}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function GroundingRunScreen({ project, run, accuracy }: Props) {
  const check = checkOf(run.meta);
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}/samples`} className="text-sm text-blue-700 hover:underline">← Samples</Link>
        <h1 className="mt-1 text-2xl font-semibold">Run {run.name}</h1>
        <p className="text-sm text-slate-600">{run.benchmark} · {run.model ?? "unknown model"} · {accuracy.total} answers · <Link href={`/projects/${project.slug}/runs/${run.id}/benchmark`} className="text-blue-800 hover:underline">metrics block, file beside recomputed</Link></p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-blue-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Accuracy (point in box, recomputed)</dt>
          <dd className="mt-1 text-lg tabular-nums" data-testid="grounding-accuracy">{pct(accuracy.accuracy)} <span className="text-slate-500">({accuracy.correct}/{accuracy.total}, {accuracy.wrongFormat} wrong format)</span></dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">The file&apos;s own metrics</dt>
          <dd className="mt-1 text-sm" data-testid="metrics-check">
            {!check ? "the file has no metrics block" : check.differenceCount === 0 ? "every figure checked holds" : `${check.differenceCount} figures differ from the imported answers`}
          </dd>
        </div>
      </dl>
      {check && check.differences.length > 0 && (
        <ul className="rounded-lg border border-amber-200 bg-white text-sm" aria-label="Metrics that differ">
          {check.differences.map((d, i) => (
            <li key={i} className="border-b border-slate-100 px-3 py-1.5 last:border-0"><span className="font-mono text-xs">{d.metric}</span>: the file says <b>{d.fileValue ?? "nothing"}</b>, the answers give <b>{d.importedValue ?? "nothing"}</b></li>
          ))}
        </ul>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Breakdown title="platform" rows={accuracy.by.platform} />
        <Breakdown title="app" rows={accuracy.by.app} />
        <Breakdown title="group" rows={accuracy.by.group} />
        <Breakdown title="UI type" rows={accuracy.by.uiType} />
      </div>
    </div>
  );
}
