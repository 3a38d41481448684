// The run page's sampled verification: before a sample exists, what it is for and (admins) the
// form that draws one; then the predictor it uses (the automatic outcome or a judge, chosen in
// the address), the prediction-powered estimate with its interval beside the Rogan–Gladen
// corrected rate, the verified-only one and the predictor's rate, what the sample is (design,
// seed, strata and their weights, rounds), what limits the interval right now, "How many
// more?", the drawn episodes, and apart from them the episodes verified outside the sample,
// which the estimate leaves out.
import Link from "next/link";
import { designLabel, stratumLabel } from "@/components/runs/design-label";
import { estimateText, type EstimateText } from "@/components/runs/estimate-text";
import { outcomeText } from "@/components/runs/outcome-text";
import { judgeLabel } from "@/components/runs/predictor-text";
import { RoganGladenCard } from "@/components/runs/rogan-gladen-card";
import { SamplePredictorPicker } from "@/components/runs/sample-predictor-picker";
import { SampleDrawForm } from "@/components/runs/sample-draw-form";
import { SamplePlanner } from "@/components/runs/sample-planner";
import { formatDateTime } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import type { SampledSectionData } from "@/lib/runs/sampling/sampled-section-data";
import type { RunSample } from "@/lib/runs/sampling/run-sample";

type Props = { project: { id: string; slug: string }; runId: string; data: SampledSectionData };
type Text = { t: Translate; locale: Locale; e: EstimateText };

export async function SampledVerification({ project, runId, data }: Props) {
  const { t, locale } = await getT();
  const text: Text = { t, locale, e: estimateText(t, locale) };
  const { sample } = data;
  return (
    <section id="sampled-verification" aria-label={t("sampled.title")} className="space-y-4">
      <h2 className="text-lg font-semibold">{t("sampled.title")}</h2>
      {sample ? (
        <SampleReport text={text} project={project} runId={runId} sample={sample} data={data} />
      ) : (
        <>
          <p className="max-w-3xl text-sm text-slate-700">{t(data.episodes === 1 ? "sampled.introOne" : "sampled.introMany", { episodes: data.episodes })}</p>
          {data.canDraw ? (
            <SampleDrawForm projectId={project.id} runId={runId} episodes={data.episodes} hasScores={data.hasScores} members={data.members} defaultHoneypotPercent={data.defaultHoneypotPercent} />
          ) : (
            <p className="text-sm text-slate-600">{t("sampled.adminDraws")}</p>
          )}
        </>
      )}
    </section>
  );
}

/** One or many: the catalogue has both forms of the sentences that count something. */
const oneOrMany = <K extends string>(n: number, one: K, many: K) => (n === 1 ? one : many);

function SampleReport({ text, project, runId, sample, data }: { text: Text; project: Props["project"]; runId: string; sample: RunSample; data: SampledSectionData }) {
  const { t, e } = text;
  const { ppi, roganGladen, verifiedOnly, counts } = sample.estimate;
  // The predictor's name in sentences and column heads: a judge's, else the automatic outcome's words.
  const judge = judgeLabel(t, sample.predictor.predictor);
  const labels = Object.fromEntries(sample.strata.map((s) => [s.key, stratumLabel(t, s.key, s.label)]));
  const byStoredLabel = new Map(sample.strata.map((s) => [s.label, labels[s.key]!]));
  const stratified = sample.strata.length > 1;
  const strataList = (keys: string[]) => keys.map((k) => labels[k] ?? k).join(t("sampled.listSeparator"));
  const predictorHead = judge ?? t("runs.automatic");
  type WhatAll = { population: number; automatic: string; correction: string; verified: number };
  const whatAll = (n: number, p: WhatAll) =>
    judge ? t(oneOrMany(n, "sampled.whatAllJudgeOne", "sampled.whatAllJudgeMany"), { ...p, judge }) : t(oneOrMany(n, "sampled.whatAllOne", "sampled.whatAllMany"), p);
  const notes: string[] = [];
  if (counts.waiting > 0) notes.push(t(oneOrMany(counts.waiting, "sampled.waitingOne", "sampled.waitingMany"), { count: counts.waiting }));
  if (sample.unsureInSample > 0) notes.push(t(oneOrMany(sample.unsureInSample, "sampled.unsureOne", "sampled.unsureMany"), { count: sample.unsureInSample }));
  if (ppi.ok && ppi.estimate.noDisagreementYet.length) {
    const strata = strataList(ppi.estimate.noDisagreementYet);
    notes.push(judge ? t("sampled.noDisagreementJudge", { judge, strata }) : t("sampled.noDisagreement", { strata }));
  }
  if (counts.verified > 0 && counts.verified < 30) notes.push(t("sampled.fewVerified", { verified: counts.verified }));
  if (counts.automaticNone > 0) {
    const count = counts.automaticNone;
    notes.push(judge ? t(oneOrMany(count, "sampled.noJudgeOne", "sampled.noJudgeMany"), { count, judge }) : t(oneOrMany(count, "sampled.noAutomaticOne", "sampled.noAutomaticMany"), { count }));
  }
  if (sample.addedAfterDraw > 0) notes.push(t(oneOrMany(sample.addedAfterDraw, "sampled.addedOne", "sampled.addedMany"), { count: sample.addedAfterDraw }));

  return (
    <>
      <p className="text-sm text-slate-600" data-testid="sample-facts">
        {t("sampled.design", { design: designLabel(t, sample.design) })} · {t("sampled.seed")} <code className="rounded bg-slate-100 px-1">{sample.seed}</code> · {t(oneOrMany(sample.rounds.length, "sampled.drawnOne", "sampled.drawnMany"), { drawn: counts.drawn, population: counts.population, rounds: sample.rounds.length })} · {t("sampled.verifiedWaiting", { verified: counts.verified, waiting: counts.waiting })}
      </p>
      <SamplePredictorPicker action={`/projects/${project.slug}/runs/${runId}#sampled-verification`} predictors={data.predictors} chosen={sample.predictor.key} episodes={data.episodes} refused={data.refusedPredictor} />
      <dl className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <div className="rounded-lg border border-blue-300 bg-white p-4">
          <dt className="text-sm text-slate-600">{t("sampled.corrected")}</dt>
          {ppi.ok ? (
            <>
              <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="ppi-estimate">{e.percent(ppi.estimate.estimate)}</dd>
              <dd className="text-sm tabular-nums text-slate-700">
                {t("runs.ci95")} <span data-testid="ppi-interval">{e.range(ppi.estimate.run.low, ppi.estimate.run.high)}</span> ({e.points(ppi.estimate.run.halfWidth)})
              </dd>
              <dd className="mt-2 text-xs text-slate-500">
                {whatAll(ppi.estimate.verified, { population: counts.population, automatic: e.percent(ppi.estimate.automaticRate), correction: e.signedPoints(ppi.estimate.correction), verified: ppi.estimate.verified })}{" "}
                {t("sampled.asModelRate")} <span className="tabular-nums" data-testid="ppi-model-interval">{e.range(ppi.estimate.model.low, ppi.estimate.model.high)}</span>{t("sampled.sentenceEnd")}
              </dd>
            </>
          ) : (
            <dd className="mt-1 text-sm text-slate-700" data-testid="ppi-estimate">
              {ppi.reason === "too_few_verified" ? t("sampled.needsTwo", { strata: strataList(ppi.strata) }) : t("sampled.noEpisodes")}
            </dd>
          )}
        </div>
        <RoganGladenCard t={t} e={e} rg={roganGladen} predictor={judge ?? t("sampled.theAutomatic")} population={counts.population} strataList={strataList} />
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{t("sampled.verifiedOnly")}</dt>
          {verifiedOnly ? (
            <>
              <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="sample-verified-only">{e.percent(verifiedOnly.rate)}</dd>
              <dd className="text-sm tabular-nums text-slate-700">
                {verifiedOnly.kind === "wilson" ? t("sampled.wilson", { successes: verifiedOnly.successes, n: verifiedOnly.n }) : t("sampled.weighted", { n: verifiedOnly.n })}{" "}
                <span data-testid="sample-verified-only-interval">{e.range(verifiedOnly.low, verifiedOnly.high)}</span>
              </dd>
              <dd className="mt-2 text-xs text-slate-500">{t("sampled.humansAlone")}</dd>
            </>
          ) : (
            <dd className="mt-1 text-sm text-slate-600">{t("sampled.nothingVerified")}</dd>
          )}
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{judge ? t("sampled.judgeRate", { judge, population: counts.population }) : t("sampled.automatic", { population: counts.population })}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="sample-automatic">{e.percent(counts.automaticSuccesses / counts.population)}</dd>
          <dd className="text-sm tabular-nums text-slate-700">{t(judge ? "sampled.asJudged" : "sampled.asReported", { successes: counts.automaticSuccesses, population: counts.population })}</dd>
        </div>
      </dl>
      {notes.length > 0 && (
        <ul aria-label={t("sampled.limits")} className="list-disc space-y-1 rounded-lg border border-amber-200 bg-amber-50 py-2 pl-8 pr-4 text-sm text-amber-950">
          {notes.map((note) => <li key={note}>{note}</li>)}
        </ul>
      )}
      {stratified && <StrataTable text={text} sample={sample} labels={labels} predictorHead={predictorHead} />}
      {judge && <p className="max-w-3xl text-sm text-slate-600">{t("sampled.plannerAutomatic", { judge })}</p>}
      <SamplePlanner projectId={project.id} runId={runId} strata={sample.queuePlan} labels={labels} canQueue={data.canDraw} members={data.members} defaultHoneypotPercent={data.defaultHoneypotPercent} />
      <Rounds text={text} project={project} sample={sample} />
      <details className="rounded-lg border border-slate-200 bg-white">
        <summary className="cursor-pointer p-3 text-sm font-medium">{t("sampled.drawnEpisodes", { count: sample.drawn.length })}</summary>
        <table className="w-full text-sm" data-testid="sampled-episodes">
          <thead className="bg-slate-100 text-left"><tr><th className="p-2">{t("runs.episode")}</th><th className="p-2">{t("runs.goal")}</th>{stratified && <th className="p-2">{t("sampled.stratum")}</th>}<th className="p-2">{t("sampled.round")}</th><th className="p-2">{predictorHead}</th><th className="p-2">{t("runs.verified")}</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {sample.drawn.map((d) => (
              <tr key={d.id}>
                <td className="p-2 font-mono text-xs">{d.episode}</td>
                <td className="p-2"><Link href={`/projects/${project.slug}/trajectories/${d.id}`} className="text-blue-800 hover:underline">{d.goal}</Link></td>
                {stratified && <td className="p-2 text-slate-700">{byStoredLabel.get(d.stratum) ?? d.stratum}</td>}
                <td className="p-2 tabular-nums">{d.round}</td>
                <td className="p-2">{outcomeText(t, d.predicted)}</td>
                <td className="p-2">{d.verdict === "unsure" ? t("verdict.unsure") : outcomeText(t, d.human)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <section aria-label={t("sampled.outside")}>
        <h3 className="mb-1 font-semibold">{t("sampled.outsideCount", { count: sample.outsideSample.length })}</h3>
        {sample.outsideSample.length === 0 ? (
          <p className="text-sm text-slate-600">{t("sampled.outsideNone")}</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">{t("sampled.outsideNote")}</p>
            <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="outside-sample">
              <thead className="bg-slate-100 text-left"><tr><th className="p-2">{t("runs.episode")}</th><th className="p-2">{t("runs.goal")}</th><th className="p-2">{t("runs.verified")}</th></tr></thead>
              <tbody className="divide-y divide-slate-100">
                {sample.outsideSample.map((o) => (
                  <tr key={o.id}><td className="p-2 font-mono text-xs">{o.episode}</td><td className="p-2"><Link href={`/projects/${project.slug}/trajectories/${o.id}`} className="text-blue-800 hover:underline">{o.goal}</Link></td><td className="p-2">{outcomeText(t, o.human)}</td></tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </>
  );
}

function StrataTable({ text, sample, labels, predictorHead }: { text: Text; sample: RunSample; labels: Record<string, string>; predictorHead: string }) {
  const { t, e } = text;
  const { ppi } = sample.estimate;
  const results = new Map(ppi.ok ? ppi.estimate.strata.map((s) => [s.key, s]) : []);
  const plans = new Map(sample.estimate.plan.map((p) => [p.key, p]));
  return (
    <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="sample-strata">
      <thead className="bg-slate-100 text-left">
        <tr><th className="p-2">{t("sampled.stratum")}</th><th className="p-2">{t("sampled.strataEpisodes")} N<sub>h</sub></th><th className="p-2">{t("sampled.strataDrawn")} n<sub>h</sub></th><th className="p-2">{t("runs.verified")}</th><th className="p-2">{t("sampled.strataWeight")} N<sub>h</sub>/n<sub>h</sub></th><th className="p-2">{predictorHead}</th><th className="p-2">{t("sampled.strataCorrection")}</th></tr>
      </thead>
      <tbody className="divide-y divide-slate-100 tabular-nums">
        {sample.strata.map((s) => {
          const r = results.get(s.key);
          return (
            <tr key={s.key}>
              <td className="p-2">{labels[s.key]}</td>
              <td className="p-2">{s.populationSize}</td>
              <td className="p-2">{s.drawnSize}</td>
              <td className="p-2">{plans.get(s.key)?.verified ?? 0}</td>
              <td className="p-2">{s.weight === null ? "—" : e.fixed(s.weight, 2)}</td>
              <td className="p-2">{r ? e.percent(r.automaticMean) : "—"}</td>
              <td className="p-2">{r ? e.signedPoints(r.correction) : "—"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Rounds({ text, project, sample }: { text: Text; project: Props["project"]; sample: RunSample }) {
  const { t, locale, e } = text;
  return (
    <ol aria-label={t("sampled.rounds")} className="space-y-1 text-sm text-slate-700">
      {sample.rounds.map((r) => (
        <li key={r.round}>
          {t(oneOrMany(r.size, "sampled.roundOne", "sampled.roundMany"), { round: r.round, size: r.size, by: r.createdBy, at: formatDateTime(locale, r.createdAt) })}
          {r.targetHalfWidth !== null && <>{t("sampled.roundTarget", { target: e.points(r.targetHalfWidth) })}</>}
          {r.queue ? (
            <>
              {" "}· {t("sampled.roundQueued", { queued: r.queue.queued })} <Link href={`/projects/${project.slug}/queues`} className="text-blue-800 hover:underline">{r.queue.name}</Link>
              {r.queue.queued < r.size && <>{t("sampled.roundAlready", { count: r.size - r.queue.queued })}</>}
            </>
          ) : (
            <>{t("sampled.roundNoQueue")}</>
          )}
        </li>
      ))}
    </ol>
  );
}
