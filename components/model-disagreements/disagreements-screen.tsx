// The items machines disagree about, most impact first (lib/models/disagreements): each with
// its reasons, the triage impact, how split a run's samples were and the models involved, and
// for admins a link that opens the new-queue form with the top items, in this order.
import Link from "next/link";
import { getT } from "@/lib/i18n/server";
import { formatNumber } from "@/lib/i18n/format";
import type { PlainKey } from "@/lib/i18n/translate";
import type { Disagreement, DisagreementReason } from "@/lib/models/disagreements/model-disagreements";
import { MAX_SELECTED } from "@/lib/queues/selected-ids";

const REASON_KEYS: Record<DisagreementReason, PlainKey> = {
  samples_disagree: "disagreements.reason.samples_disagree",
  judges_disagree: "disagreements.reason.judges_disagree",
  judge_vs_rule: "disagreements.reason.judge_vs_rule",
  outside_verified: "disagreements.reason.outside_verified",
};

type Props = { slug: string; samples: Disagreement[]; trajectories: Disagreement[]; canQueue: boolean };

async function Table({ slug, rows, kind, canQueue }: { slug: string; rows: Disagreement[]; kind: "sample" | "trajectory"; canQueue: boolean }) {
  const { t, locale } = await getT();
  const heading = kind === "sample" ? t("disagreements.samples", { count: rows.length }) : t("disagreements.trajectories", { count: rows.length });
  const top = rows.slice(0, MAX_SELECTED).map((r) => r.id);
  const href = `/projects/${slug}/queues?${new URLSearchParams({ itemType: kind, ids: top.join(",") })}#new-queue`;
  return (
    <section aria-label={heading} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{heading}</h2>
        {canQueue && rows.length > 0 && (
          <Link href={href} className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">{t("disagreements.queueTop", { count: top.length })}</Link>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{t("disagreements.none")}</p>
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid={`disagreements-${kind}`}>
          <thead className="bg-slate-100 text-left">
            <tr>
              <th className="p-2">{kind === "sample" ? t("disagreements.instruction") : t("disagreements.goal")}</th>
              <th className="p-2">{t("disagreements.reasons")}</th>
              <th className="p-2 text-right">{t("disagreements.impact")}</th>
              <th className="p-2 text-right">{t("disagreements.agreement")}</th>
              <th className="p-2">{t("disagreements.models")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="p-2"><Link href={`/projects/${slug}/${kind === "sample" ? "samples" : "trajectories"}/${row.id}`} className="text-blue-700 hover:underline">{row.title}</Link></td>
                <td className="p-2">
                  <ul className="flex flex-wrap gap-1">
                    {row.reasons.map((r) => <li key={r} className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t(REASON_KEYS[r])}</li>)}
                  </ul>
                </td>
                <td className="p-2 text-right tabular-nums">{formatNumber(locale, Math.round(row.impact * 1000) / 1000)}</td>
                <td className="p-2 text-right tabular-nums">{row.agreement === null ? "—" : `${formatNumber(locale, Math.round(row.agreement * 100))}%`}</td>
                <td className="p-2 text-xs text-slate-600">{row.models.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export async function DisagreementsScreen({ slug, samples, trajectories, canQueue }: Props) {
  const { t } = await getT();
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${slug}/models/runs`} className="text-sm text-blue-700 hover:underline">← {t("disagreements.back")}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("disagreements.title")}</h1>
        <p className="max-w-3xl text-sm text-slate-600">{t("disagreements.intro")}</p>
      </div>
      <Table slug={slug} rows={trajectories} kind="trajectory" canQueue={canQueue} />
      <Table slug={slug} rows={samples} kind="sample" canQueue={canQueue} />
    </div>
  );
}
