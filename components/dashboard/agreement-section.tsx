import { AgreementChart } from "@/components/dashboard/agreement-chart";
import { formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { KappaFigure, QueueAgreement } from "@/lib/dashboard/queue-agreement";

// Per queue: the chart, then the same figures as a table (with how many items or steps each
// rests on, and Fleiss' kappa over all raters when the queue's overlap is above 2).
export async function AgreementSection({ queues }: { queues: QueueAgreement[] }) {
  const { t, locale } = await getT();
  const two = (v: number) => formatNumber(locale, Number(v.toFixed(2)), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const kappa = (f: KappaFigure | null) => (f === null ? "—" : f.kappa === null ? t("charts.kappaNotAvailable", { n: f.n }) : `${two(f.kappa)} (${formatNumber(locale, f.n)})`);
  const share = (v: number | null | undefined) => (v === null || v === undefined ? "—" : two(v));
  return (
    <div className="space-y-6">
      {queues.map((stored) => {
        // lib/dashboard/queue-agreement.ts names the project-wide entries in English; a queue keeps its own name.
        const q = stored.scope === "project" ? { ...stored, name: t(stored.itemType === "trajectory" ? "charts.everyTrajectoryAnswer" : "charts.everySampleAnswer") } : stored;
        return (
        <div key={q.queueId} className="space-y-2">
          <h3 className="text-sm font-medium">
            {q.name}{" "}
            <span className="font-normal text-slate-500">
              {q.scope === "queue" ? t("charts.queueScope", { items: q.itemType === "trajectory" ? t("charts.trajectoriesWord") : t("charts.samplesWord"), overlap: q.overlap }) : t("charts.anyScope")}
            </span>
          </h3>
          {q.pairs.length === 0 ? (
            <p className="text-sm text-slate-600">{t("charts.noPairs")}</p>
          ) : (
            <>
              <AgreementChart queue={q} />
              <table className="w-full text-sm" aria-label={t("charts.agreementIn", { queue: q.name })}>
                <thead className="text-left text-xs text-slate-600">
                  <tr>
                    <th className="p-1">{t("charts.pair")}</th>
                    {q.itemType === "trajectory" ? (
                      <><th className="p-1 text-right">{t("charts.kappaTraceItems")}</th><th className="p-1 text-right">{t("charts.kappaStepsSteps")}</th></>
                    ) : (
                      <><th className="p-1 text-right">{t("charts.meanIouPairs")}</th><th className="p-1 text-right">{t("charts.pointInBoxPairs")}</th></>
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
                        <><td className="p-1 text-right">{share(p.boxes?.meanIou)} ({formatNumber(locale, p.boxes?.boxed ?? 0)})</td><td className="p-1 text-right">{share(p.boxes?.pointInBox)} ({formatNumber(locale, p.boxes?.pairs ?? 0)})</td></>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
              {q.fleiss && (
                <p className="text-xs text-slate-600">{t("charts.fleiss", { overlap: q.overlap, trace: kappa(q.fleiss.trace), steps: kappa(q.fleiss.steps) })}</p>
              )}
            </>
          )}
        </div>
        );
      })}
    </div>
  );
}
