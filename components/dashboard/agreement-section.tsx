import { AgreementChart } from "@/components/dashboard/agreement-chart";
import type { KappaFigure, QueueAgreement } from "@/lib/dashboard/queue-agreement";

const kappa = (f: KappaFigure | null) => (f === null ? "—" : f.kappa === null ? `n/a (${f.n})` : `${f.kappa.toFixed(2)} (${f.n})`);
const share = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(2));

// Per queue: the chart, then the same figures as a table (with how many items or steps each
// rests on, and Fleiss' kappa over all raters when the queue's overlap is above 2).
export function AgreementSection({ queues }: { queues: QueueAgreement[] }) {
  return (
    <div className="space-y-6">
      {queues.map((q) => (
        <div key={q.queueId} className="space-y-2">
          <h3 className="text-sm font-medium">
            {q.name} <span className="font-normal text-slate-500">{q.scope === "queue" ? `· ${q.itemType === "trajectory" ? "trajectories" : "samples"} · overlap ${q.overlap}` : "· in and out of queues"}</span>
          </h3>
          {q.pairs.length === 0 ? (
            <p className="text-sm text-slate-600">No item of this queue has been answered by two people yet.</p>
          ) : (
            <>
              <AgreementChart queue={q} />
              <table className="w-full text-sm" aria-label={`Agreement in ${q.name}`}>
                <thead className="text-left text-xs text-slate-600">
                  <tr>
                    <th className="p-1">Pair</th>
                    {q.itemType === "trajectory" ? (
                      <><th className="p-1 text-right">κ trace verdicts (items)</th><th className="p-1 text-right">κ step labels (steps)</th></>
                    ) : (
                      <><th className="p-1 text-right">Mean IoU (boxed pairs)</th><th className="p-1 text-right">Point-in-box (pairs)</th></>
                    )}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 tabular-nums">
                  {q.pairs.map((p) => (
                    <tr key={`${p.a.id}-${p.b.id}`}>
                      <td className="p-1">{p.a.name} × {p.b.name}</td>
                      {q.itemType === "trajectory" ? (
                        <><td className="p-1 text-right">{kappa(p.trace)}</td><td className="p-1 text-right">{kappa(p.steps)}</td></>
                      ) : (
                        <><td className="p-1 text-right">{share(p.boxes?.meanIou)} ({p.boxes?.boxed ?? 0})</td><td className="p-1 text-right">{share(p.boxes?.pointInBox)} ({p.boxes?.pairs ?? 0})</td></>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
              {q.fleiss && (
                <p className="text-xs text-slate-600">Fleiss&apos; κ over all {q.overlap} raters: trace verdicts {kappa(q.fleiss.trace)}, step labels {kappa(q.fleiss.steps)}.</p>
              )}
            </>
          )}
        </div>
      ))}
    </div>
  );
}
