// Two runs compared task by task (lib/runs/comparison/compare-runs.ts): the difference in
// success rates, automatic, on the verified pairs with Newcombe's paired interval, and
// prediction-powered when both runs were sampled uniformly; the discordant tasks with the
// last screenshot of each episode side by side; and the export.
import Link from "next/link";
import type { ReactNode } from "react";
import type { ComparedEpisode, RunComparison } from "@/lib/runs/comparison/compare-runs";
import { estimateText } from "@/components/runs/estimate-text";
import { outcomeText } from "@/components/runs/outcome-text";
import { getT } from "@/lib/i18n/server";
import type { PlainKey, Translate } from "@/lib/i18n/translate";

type Props = { project: { id: string; slug: string }; c: RunComparison };

const SHOWN = 100;

// lib/runs/comparison/compare-runs.ts says in English why there is no sampled difference;
// its two sentences are shown in the reader's language (anything new as it comes).
const MISSING_KEYS: Record<string, PlainKey> = {
  "The prediction-powered difference needs a uniform sample in both runs.": "compare.needsUniform",
  "No task is in both runs.": "compare.noTaskInBoth",
};

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <h3 className="text-sm text-slate-600">{title}</h3>
      {children}
    </div>
  );
}

export async function RunComparisonScreen({ project, c }: Props) {
  const { t, locale } = await getT();
  const e = estimateText(t, locale);
  const exportUrl = `/api/projects/${project.id}/runs/${c.first.id}/compare/${c.second.id}`;
  // Verified disagreements first: they are what the comparison rests on.
  const discordant = [...c.tasks.filter((task) => task.discordant === "verified"), ...c.tasks.filter((task) => task.discordant === "automatic")];
  const pairs = c.verifiedPairs;
  const sampled = c.sampled?.outcome.ok ? c.sampled.outcome.estimate : null;
  const first = <Link href={`/projects/${project.slug}/runs/${c.first.id}`} className="text-blue-800 hover:underline">{c.first.name}</Link>;
  const second = <Link href={`/projects/${project.slug}/runs/${c.second.id}`} className="text-blue-800 hover:underline">{c.second.name}</Link>;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{first} {t("compare.minus")} {second}</h2>
          <p className="text-sm text-slate-600" data-testid="comparison-matching">
            {t("compare.matching", { tasks: c.tasks.length, match: c.match === "id" ? t("compare.byEpisodeId") : t("compare.byGoal"), onlyFirst: c.onlyFirst, first: c.first.name, onlySecond: c.onlySecond, second: c.second.name })}
            {(c.ambiguous.first > 0 || c.ambiguous.second > 0) && t("compare.ambiguous", { count: c.ambiguous.first + c.ambiguous.second })}
          </p>
        </div>
        <div className="flex gap-2 text-sm">
          <a href={`${exportUrl}?format=csv&match=${c.match}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50">{t("runs.exportCsv")}</a>
          <a href={`${exportUrl}?format=json&match=${c.match}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50">{t("runs.exportJson")}</a>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title={t("compare.automatic")} testId="comparison-automatic">
          {c.automatic ? (
            <>
              <p className="mt-1 text-2xl font-semibold tabular-nums">{e.signedPoints(c.automatic.difference)}</p>
              <p className="text-sm text-slate-700">{t("compare.automaticNote", { first: e.percent(c.automatic.first), second: e.percent(c.automatic.second) })}</p>
            </>
          ) : <p className="mt-1 text-sm text-slate-600">{t("compare.noCommonTask")}</p>}
        </Card>
        <Card title={t("compare.verified")} testId="comparison-verified">
          {pairs ? (
            <>
              <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="newcombe-difference">{e.signedPoints(pairs.difference)}</p>
              <p className="text-sm tabular-nums text-slate-700">{t("runs.ci95")} <span data-testid="newcombe-interval">{e.pointsRange(pairs.low, pairs.high)}</span></p>
              <p className="mt-1 text-sm text-slate-700">{t("compare.verifiedBoth", { n: pairs.n, first: e.percent(pairs.first), second: e.percent(pairs.second) })}</p>
              <p className="mt-2 text-xs text-slate-500">{t("compare.verifiedHolds")}</p>
            </>
          ) : <p className="mt-1 text-sm text-slate-600">{t("compare.noVerifiedPair")}</p>}
        </Card>
        <Card title={t("compare.sampled")} testId="comparison-sampled">
          {sampled ? (
            <>
              <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="ppi-difference">{e.signedPoints(sampled.estimate)}</p>
              <p className="text-sm tabular-nums text-slate-700">{t("compare.sampledRun", { range: e.pointsRange(sampled.run.low, sampled.run.high) })}</p>
              <p className="text-sm tabular-nums text-slate-700">{t("compare.sampledModel", { range: e.pointsRange(sampled.model.low, sampled.model.high) })}</p>
              <p className="mt-2 text-xs text-slate-500">{t("compare.sampledNote", { matched: c.sampled!.matched, both: c.sampled!.bothSampled })}</p>
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              {c.sampledMissing ? (MISSING_KEYS[c.sampledMissing] ? t(MISSING_KEYS[c.sampledMissing]!) : c.sampledMissing) : (c.sampled && !c.sampled.outcome.ok ? t("compare.sampledNeeds", { both: c.sampled.bothSampled }) : "")}
            </p>
          )}
        </Card>
      </div>
      <section aria-label={t("compare.discordant")}>
        <h3 className="mb-2 font-semibold">{t("compare.discordantCount", { count: discordant.length })}</h3>
        {discordant.length === 0 ? (
          <p className="text-sm text-slate-600">{t("compare.noDiscordant")}</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">{t("compare.discordantNote", { first: c.first.name })}</p>
            <ul className="space-y-3" data-testid="discordant-tasks">
              {discordant.slice(0, SHOWN).map((task) => (
                <li key={task.task} className="rounded-lg border border-slate-200 bg-white p-3">
                  <p className="text-sm"><span className="font-mono text-xs">{task.task}</span> · {task.goal} <span className={`ml-2 rounded px-1.5 text-xs ${task.discordant === "verified" ? "bg-amber-200" : "bg-slate-200"}`}>{task.discordant === "verified" ? t("compare.tagVerified") : t("compare.tagAutomatic")}</span></p>
                  <div className="mt-2 grid grid-cols-2 gap-3">
                    <Side t={t} slug={project.slug} run={c.first.name} e={task.first} />
                    <Side t={t} slug={project.slug} run={c.second.name} e={task.second} />
                  </div>
                </li>
              ))}
            </ul>
            {discordant.length > SHOWN && <p className="mt-2 text-sm text-slate-600">{t("compare.moreInExport", { count: discordant.length - SHOWN })}</p>}
          </>
        )}
      </section>
    </div>
  );
}

function Side({ t, slug, run, e }: { t: Translate; slug: string; run: string; e: ComparedEpisode }) {
  const outcome = (v: boolean | null) => outcomeText(t, v);
  return (
    <figure className="space-y-1">
      {e.screenshot ? (
        <img src={`/api/media/${e.screenshot.mediaId}?variant=thumb`} alt={t("compare.lastScreenshot", { episode: e.episode })} className="max-h-64 rounded border border-slate-200" />
      ) : (
        <div className="flex h-32 items-center justify-center rounded bg-slate-100 text-xs text-slate-500">{t("compare.noScreenshot")}</div>
      )}
      <figcaption className="text-xs text-slate-700">
        <Link href={`/projects/${slug}/trajectories/${e.id}`} className="font-medium text-blue-800 hover:underline">{run}</Link>: {t("compare.sideOutcomes", { automatic: outcome(e.automatic), verified: outcome(e.human) })}
      </figcaption>
    </figure>
  );
}
