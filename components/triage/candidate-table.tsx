// The ranked triage list: why each item is there, what is in dispute, and its impact (how
// much a decision could move training: lib/domain/triage-impact.ts). A step verdict's row
// links to its trajectory and names the step. Plain server markup.
import { formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import Link from "next/link";
import { CandidateValues } from "@/components/triage/candidate-values";
import { ReasonChips } from "@/components/triage/reason-chips";
import type { ListedCandidate } from "@/lib/triage/triage-candidates";

type Props = { slug: string; candidates: ListedCandidate[]; total: number };

export async function CandidateTable({ slug, candidates, total }: Props) {
  const { t, locale } = await getT();
  const base = `/projects/${slug}`;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm" aria-label={t("triageTable.label")}>
        <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs text-slate-600">
          <tr>
            <th className="p-2 text-right">#</th>
            <th className="p-2">{t("triageTable.item")}</th>
            <th className="p-2">{t("triageTable.why")}</th>
            <th className="p-2">{t("triageTable.dispute")}</th>
            <th className="p-2 text-right" title={t("triageTable.impactHelp")}>{t("triageDecision.impact")}</th>
            <th className="p-2">{t("triageTable.queue")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {candidates.map((c, i) => (
            <tr key={c.id} data-testid="triage-candidate">
              <td className="p-2 text-right tabular-nums text-slate-500">{i + 1}</td>
              <td className="max-w-md p-2">
                <Link href={c.kind === "sample" ? `${base}/samples/${c.sampleId}` : `${base}/trajectories/${c.trajectoryId}`} className="font-medium text-blue-800 hover:underline">
                  {c.title}
                </Link>
                <div className="text-xs text-slate-500">
                  {c.kind === "trajectory" ? (
                    <>{t("triageTable.trajectory")}{c.app && ` · ${c.app}`}{c.group ? <> · <Link href={`${base}/groups/${encodeURIComponent(c.group.groupKey)}`} className="text-blue-700 hover:underline">{t("triageTable.groupOf", { count: c.group.rollouts.length })}</Link></> : t("triageTable.noGroup")}</>
                  ) : c.kind === "step" ? (
                    <>{t("triageTable.step", { step: c.stepIndex + 1 })}{c.app && ` · ${c.app}`}</>
                  ) : (
                    t("triageTable.sample")
                  )}
                </div>
              </td>
              <td className="p-2"><ReasonChips reasons={c.reasons} /></td>
              <td className="p-2"><CandidateValues candidate={c} /></td>
              <td className="p-2 text-right font-semibold tabular-nums" data-testid="impact">{formatNumber(locale, c.impact, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</td>
              <td className="p-2 text-xs">
                {c.queued ? (
                  <Link href={`${base}/triage/${c.queued.queueItemId}`} className="text-blue-700 hover:underline">{c.queued.queueName}</Link>
                ) : (
                  <span className="text-slate-500">{t("triageTable.notQueued")}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > candidates.length && (
        <p className="border-t border-slate-200 p-2 text-xs text-slate-600">{t("triageTable.top", { shown: candidates.length, total })}</p>
      )}
    </div>
  );
}
