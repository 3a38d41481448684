import Link from "next/link";
import { FLAG_TEXT } from "@/components/trajectory-review/live-flags";
import { AutomaticOutcome } from "@/components/trajectories/automatic-outcome";
import type { RewardSettings } from "@/lib/domain/rewards";
import { formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { PlainKey } from "@/lib/i18n/translate";
import type { GroupView } from "@/lib/trajectories/group-view";

export const POLICY_KEYS: Record<RewardSettings["advantagePolicy"], PlainKey> = {
  verified_only: "group.policy.verified_only",
  automatic_fallback: "group.policy.automatic_fallback",
};

const SOURCE_KEYS: Record<string, PlainKey> = { human: "group.source.human", automatic: "group.source.automatic" };

export async function GroupViewScreen({ project, group, settings }: { project: { slug: string; name: string }; group: GroupView; settings: RewardSettings }) {
  const { t, locale } = await getT();
  const fmt = (v: number | null) => (v === null ? "—" : formatNumber(locale, Number(v.toFixed(3)), { minimumFractionDigits: 3, maximumFractionDigits: 3 }));
  const outcome = (v: boolean) => (v ? t("verdict.success") : t("verdict.failure"));
  const verdict = (v: string | null) => (v === "success" || v === "failure" || v === "unsure" ? t(`verdict.${v}`) : v);
  const left = group.rollouts.length - group.countedCount;
  return (
    <div className="space-y-5">
      <div>
        <Link href={`/projects/${project.slug}/trajectories?group=${encodeURIComponent(group.groupKey)}`} className="text-sm text-blue-700 hover:underline">{t("group.back")}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("group.title", { key: group.groupKey })}</h1>
        <p className="text-slate-700">{group.goal}</p>
        <p className="text-sm text-slate-600">
          {t("group.counts", { rollouts: group.rollouts.length, verified: group.verifiedCount, counted: group.countedCount })}{" "}
          {t("group.formula", { eta: String(settings.eta), penalty: String(settings.invalidActionPenalty) })}
        </p>
        <p className="mt-1 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700" data-testid="advantage-policy">
          <b>{t("group.policy")}</b> {t(POLICY_KEYS[settings.advantagePolicy])}
          {left > 0 && <> {t(left === 1 ? "group.leftOutOne" : "group.leftOutMany", { count: left })}</>} {t("group.policyWhere")}
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("group.rollouts")}>
        {group.rollouts.map((r) => (
          <li key={r.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            <div className="flex h-56 items-center justify-center bg-slate-900">
              {r.firstMedia ? <img src={`/api/media/${r.firstMedia.id}?variant=thumb`} alt={t("group.firstScreenshot")} className="max-h-56" /> : <span className="text-xs text-slate-400">{t("group.noImage")}</span>}
            </div>
            <dl className="grid grid-cols-2 gap-x-2 gap-y-1 p-3 text-sm">
              <dt className="text-slate-500">{t("group.steps")}</dt><dd className="tabular-nums">{t("group.stepsInvalid", { steps: r.stepCount, invalid: r.invalidActionCount })}</dd>
              <dt className="text-slate-500">{t("runs.automatic")}</dt>
              <dd><AutomaticOutcome reported={r.autoOutcome} effective={r.effectiveAutoOutcome} /></dd>
              <dt className="text-slate-500">{t("runs.verified")}</dt><dd>{r.isVerified ? verdict(r.humanVerdict) : <span className="text-slate-400">{t("group.notYet")}</span>}</dd>
              <dt className="text-slate-500">{t("group.countsAs")}</dt><dd data-testid="counted-outcome">{r.outcome === null ? <span className="text-slate-400">{t("group.leftOut")}</span> : `${outcome(r.outcome)} (${SOURCE_KEYS[r.outcomeSource ?? ""] ? t(SOURCE_KEYS[r.outcomeSource ?? ""]!) : r.outcomeSource})`}</dd>
              <dt className="text-slate-500">{t("group.reward")}</dt><dd className="tabular-nums" data-testid="reward">{fmt(r.reward)} <span className="text-xs text-slate-500">{t("group.cameWith", { value: fmt(r.sourceReward) })}</span></dd>
              <dt className="text-slate-500">{t("group.advantage")}</dt><dd className="tabular-nums" data-testid="advantage">{fmt(r.advantage)} <span className="text-xs text-slate-500">{t("group.cameWith", { value: fmt(r.sourceAdvantage) })}</span></dd>
            </dl>
            <div className="border-t border-slate-100 p-3 text-sm">
              {r.flags.length > 0 && <p className="mb-1 text-xs text-amber-800">{r.flags.map((f) => FLAG_TEXT[f].label).join(t("sampled.listSeparator"))}</p>}
              <Link href={`/projects/${project.slug}/trajectories/${r.id}`} className="text-blue-700 hover:underline">{t("group.reviewRollout")}</Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
