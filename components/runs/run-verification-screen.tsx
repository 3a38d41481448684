import Link from "next/link";
import type { ReactNode } from "react";
import type { RunVerification } from "@/lib/runs/run-verification";
import { AutomaticOutcome } from "@/components/trajectories/automatic-outcome";
import { estimateText } from "@/components/runs/estimate-text";
import { outcomeText } from "@/components/runs/outcome-text";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";

type Rate = RunVerification["automatic"];

async function RateText({ rate }: { rate: Rate }) {
  const { t, locale } = await getT();
  if (!rate.interval) return <span className="text-slate-400">{t("runs.noEpisodes")}</span>;
  const pct = estimateText(t, locale).percent;
  return (
    <span className="tabular-nums">
      {pct(rate.interval.rate)} <span className="text-slate-500">{t("runs.rateFacts", { successes: rate.successes, n: rate.n, low: pct(rate.interval.low), high: pct(rate.interval.high) })}</span>
    </span>
  );
}

// children: parts of the page that live in their own components (sampled verification, judge
// calibration), shown after the rates.
export async function RunVerificationScreen({ project, v, children }: { project: { id: string; slug: string; name: string }; v: RunVerification; children?: ReactNode }) {
  const { t } = await getT();
  const exportUrl = `/api/projects/${project.id}/runs/${v.run.id}/export`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${project.slug}/trajectories?run=${v.run.id}`} className="text-sm text-blue-700 hover:underline">{t("runs.episodesOfRun")}</Link>
          <h1 className="mt-1 text-2xl font-semibold">{t("runs.title", { name: v.run.name })}</h1>
          <p className="text-sm text-slate-600">{v.run.benchmark} · {v.run.model ?? t("runs.unknownModel")} · {t("runs.episodesUnverified", { episodes: v.episodes.length, unverified: v.unverified })}</p>
        </div>
        <div className="flex gap-2 text-sm">
          <Link href={`/projects/${project.slug}/runs/${v.run.id}/benchmark`} className="rounded-md border border-blue-300 bg-blue-50 px-3 py-1.5 text-blue-900 hover:bg-blue-100">{t("benchmark.results")}</Link>
          <a href={`${exportUrl}?format=csv`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50">{t("runs.exportCsv")}</a>
          <a href={`${exportUrl}?format=json`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50">{t("runs.exportJson")}</a>
        </div>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("runs.automaticRate")}</dt><dd className="mt-1 text-lg" data-testid="automatic-rate"><RateText rate={v.automatic} /></dd></div>
        <div className="rounded-lg border border-blue-200 bg-white p-4"><dt className="text-sm text-slate-600">{t("runs.correctedRate")}</dt><dd className="mt-1 text-lg" data-testid="corrected-rate"><RateText rate={v.corrected} /></dd></div>
      </dl>
      {children}
      <section>
        <h2 className="mb-2 font-semibold">{t("runs.perApp")}</h2>
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-100 text-left"><tr><th className="p-2">{t("runs.app")}</th><th className="p-2">{t("runs.episodesHeading")}</th><th className="p-2">{t("runs.automatic")}</th><th className="p-2">{t("runs.corrected")}</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {v.perApp.map((a) => (
              <tr key={a.app}><td className="p-2">{a.app}</td><td className="p-2">{a.episodes}</td><td className="p-2"><RateText rate={a.automatic} /></td><td className="p-2"><RateText rate={a.corrected} /></td></tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label={t("runs.changedEpisodes")}>
        <h2 className="mb-2 font-semibold">{t("runs.changedCount", { count: v.changed.length })}</h2>
        {v.changed.length === 0 ? (
          <p className="text-sm text-slate-600">{t("runs.noneChanged")}</p>
        ) : (
          <EpisodeTable t={t} project={project} episodes={v.changed} testId="changed-episodes" />
        )}
      </section>
      <section aria-label={t("runs.allEpisodes")}>
        <h2 className="mb-2 font-semibold">{t("runs.allCount", { count: v.episodes.length })}</h2>
        <EpisodeTable t={t} project={project} episodes={v.episodes} testId="all-episodes" />
      </section>
    </div>
  );
}

function EpisodeTable({ t, project, episodes, testId }: { t: Translate; project: { slug: string }; episodes: RunVerification["episodes"]; testId: string }) {
  return (
    <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid={testId}>
      <thead className="bg-slate-100 text-left"><tr><th className="p-2">{t("runs.episode")}</th><th className="p-2">{t("runs.goal")}</th><th className="p-2">{t("runs.automatic")}</th><th className="p-2">{t("runs.verified")}</th></tr></thead>
      <tbody className="divide-y divide-slate-100">
        {episodes.map((e) => (
          <tr key={e.id} className={e.changed ? "bg-amber-50" : undefined}>
            <td className="p-2 font-mono text-xs">{e.episode}</td>
            <td className="p-2"><Link href={`/projects/${project.slug}/trajectories/${e.id}`} className="text-blue-800 hover:underline">{e.goal}</Link></td>
            <td className="p-2"><AutomaticOutcome reported={e.automatic} effective={e.automaticAfterOverrides} unknown="—" /></td>
            <td className="p-2">{outcomeText(t, e.verified)}{e.changed && <span className="ml-2 rounded bg-amber-200 px-1.5 text-xs">{t("runs.changed")}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
