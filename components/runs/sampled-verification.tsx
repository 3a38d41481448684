// The run page's sampled verification: before a sample exists, what it is for and (admins) the
// form that draws one; then the prediction-powered estimate with its interval beside the
// verified-only one and the automatic rate, what the sample is (design, seed, strata and their
// weights, rounds), what limits the interval right now, "How many more?", the drawn episodes,
// and apart from them the episodes verified outside the sample, which the estimate leaves out.
import Link from "next/link";
import { SampleDrawForm } from "@/components/runs/sample-draw-form";
import { SamplePlanner } from "@/components/runs/sample-planner";
import { DESIGN_LABELS } from "@/lib/domain/estimates/strata";
import { percent, points, range, signedPoints } from "@/lib/domain/estimates/format";
import type { SampledSectionData } from "@/lib/runs/sampling/sampled-section-data";
import type { RunSample } from "@/lib/runs/sampling/run-sample";

type Props = { project: { id: string; slug: string }; runId: string; data: SampledSectionData };

const outcome = (v: boolean | null) => (v === null ? "—" : v ? "success" : "failure");
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function SampledVerification({ project, runId, data }: Props) {
  const { sample } = data;
  return (
    <section aria-label="Sampled verification" className="space-y-4">
      <h2 className="text-lg font-semibold">Sampled verification</h2>
      {sample ? (
        <SampleReport project={project} runId={runId} sample={sample} data={data} />
      ) : (
        <>
          <p className="max-w-3xl text-sm text-slate-700">
            Verify a random sample instead of all {plural(data.episodes, "episode")}: the app draws it (uniformly, or within strata of the automatic outcome and the judge&apos;s score),
            and the corrected success rate is the automatic rate over every episode plus the mean correction people make on the sample, with an interval that holds for the run.
            Episodes verified by hand outside the sample are shown apart and never mixed in.
          </p>
          {data.canDraw ? (
            <SampleDrawForm projectId={project.id} runId={runId} episodes={data.episodes} hasScores={data.hasScores} members={data.members} defaultHoneypotPercent={data.defaultHoneypotPercent} />
          ) : (
            <p className="text-sm text-slate-600">An admin of the project draws the sample and queues it.</p>
          )}
        </>
      )}
    </section>
  );
}

function SampleReport({ project, runId, sample, data }: { project: Props["project"]; runId: string; sample: RunSample; data: SampledSectionData }) {
  const { ppi, verifiedOnly, counts } = sample.estimate;
  const labels = Object.fromEntries(sample.strata.map((s) => [s.key, s.label]));
  const stratified = sample.strata.length > 1;
  const notes: string[] = [];
  if (counts.waiting > 0) notes.push(`${plural(counts.waiting, "drawn episode is", "drawn episodes are")} not verified yet: the interval is for the sample once every drawn episode is verified (the ones verified so far need not be a random part of it).`);
  if (sample.unsureInSample > 0) notes.push(`${plural(sample.unsureInSample, "drawn episode was", "drawn episodes were")} verified as “unsure” and count as not verified.`);
  if (ppi.ok && ppi.estimate.noDisagreementYet.length) notes.push(`No verified episode has disagreed with the automatic outcome yet in ${ppi.estimate.noDisagreementYet.map((k) => labels[k] ?? k).join(", ")}: until one does, that part of the sample adds nothing to the interval, which may then be too narrow.`);
  if (counts.verified > 0 && counts.verified < 30) notes.push(`With ${counts.verified} verified the interval rests on a normal approximation that may be optimistic; it settles from about 30 on.`);
  if (counts.automaticNone > 0) notes.push(`${plural(counts.automaticNone, "episode has", "episodes have")} no automatic outcome: they count as failures in the automatic rate, and the correction makes up for it.`);
  if (sample.addedAfterDraw > 0) notes.push(`${plural(sample.addedAfterDraw, "episode was", "episodes were")} added to the run after the sample was drawn: not in its population, nor in the estimate.`);

  return (
    <>
      <p className="text-sm text-slate-600" data-testid="sample-facts">
        {DESIGN_LABELS[sample.design]} sample · seed <code className="rounded bg-slate-100 px-1">{sample.seed}</code> · {counts.drawn} of {counts.population} episodes drawn in {plural(sample.rounds.length, "round")} · {counts.verified} verified, {counts.waiting} waiting
      </p>
      <dl className="grid gap-4 lg:grid-cols-3">
        <div className="rounded-lg border border-blue-300 bg-white p-4">
          <dt className="text-sm text-slate-600">Corrected success rate (sampled estimate)</dt>
          {ppi.ok ? (
            <>
              <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="ppi-estimate">{percent(ppi.estimate.estimate)}</dd>
              <dd className="text-sm tabular-nums text-slate-700">
                95% CI <span data-testid="ppi-interval">{range(ppi.estimate.run.low, ppi.estimate.run.high)}</span> ({points(ppi.estimate.run.halfWidth)})
              </dd>
              <dd className="mt-2 text-xs text-slate-500">
                What verifying all {counts.population} would give: the automatic rate {percent(ppi.estimate.automaticRate)} corrected by {signedPoints(ppi.estimate.correction)} from {plural(ppi.estimate.verified, "verified episode")} of the sample.
                As the model&apos;s rate on tasks like these: <span className="tabular-nums" data-testid="ppi-model-interval">{range(ppi.estimate.model.low, ppi.estimate.model.high)}</span>.
              </dd>
            </>
          ) : (
            <dd className="mt-1 text-sm text-slate-700" data-testid="ppi-estimate">
              {ppi.reason === "too_few_verified"
                ? `Needs at least 2 verified episodes of the sample in ${ppi.strata.map((k) => labels[k] ?? k).join(", ")}.`
                : "The sample has no episodes."}
            </dd>
          )}
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Verified sample only</dt>
          {verifiedOnly ? (
            <>
              <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="sample-verified-only">{percent(verifiedOnly.rate)}</dd>
              <dd className="text-sm tabular-nums text-slate-700">
                {verifiedOnly.kind === "wilson" ? `${verifiedOnly.successes}/${verifiedOnly.n}, Wilson 95% CI ` : `${verifiedOnly.n} verified, strata weighted, 95% CI `}
                <span data-testid="sample-verified-only-interval">{range(verifiedOnly.low, verifiedOnly.high)}</span>
              </dd>
              <dd className="mt-2 text-xs text-slate-500">The humans&apos; outcomes alone, without the automatic ones.</dd>
            </>
          ) : (
            <dd className="mt-1 text-sm text-slate-600">Nothing of the sample verified yet.</dd>
          )}
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Automatic rate (all {counts.population})</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="sample-automatic">{percent(counts.automaticSuccesses / counts.population)}</dd>
          <dd className="text-sm tabular-nums text-slate-700">{counts.automaticSuccesses}/{counts.population} as the checkers reported them</dd>
        </div>
      </dl>
      {notes.length > 0 && (
        <ul aria-label="What limits the estimate" className="list-disc space-y-1 rounded-lg border border-amber-200 bg-amber-50 py-2 pl-8 pr-4 text-sm text-amber-950">
          {notes.map((note) => <li key={note}>{note}</li>)}
        </ul>
      )}
      {stratified && <StrataTable sample={sample} />}
      <SamplePlanner projectId={project.id} runId={runId} strata={sample.estimate.plan} labels={labels} canQueue={data.canDraw} members={data.members} defaultHoneypotPercent={data.defaultHoneypotPercent} />
      <Rounds project={project} sample={sample} />
      <details className="rounded-lg border border-slate-200 bg-white">
        <summary className="cursor-pointer p-3 text-sm font-medium">Drawn episodes ({sample.drawn.length})</summary>
        <table className="w-full text-sm" data-testid="sampled-episodes">
          <thead className="bg-slate-100 text-left"><tr><th className="p-2">Episode</th><th className="p-2">Goal</th>{stratified && <th className="p-2">Stratum</th>}<th className="p-2">Round</th><th className="p-2">Automatic</th><th className="p-2">Verified</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {sample.drawn.map((e) => (
              <tr key={e.id}>
                <td className="p-2 font-mono text-xs">{e.episode}</td>
                <td className="p-2"><Link href={`/projects/${project.slug}/trajectories/${e.id}`} className="text-blue-800 hover:underline">{e.goal}</Link></td>
                {stratified && <td className="p-2 text-slate-700">{e.stratum}</td>}
                <td className="p-2 tabular-nums">{e.round}</td>
                <td className="p-2">{outcome(e.automatic)}</td>
                <td className="p-2">{e.verdict === "unsure" ? "unsure" : outcome(e.human)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <section aria-label="Verified outside the sample">
        <h3 className="mb-1 font-semibold">Verified outside the sample ({sample.outsideSample.length})</h3>
        {sample.outsideSample.length === 0 ? (
          <p className="text-sm text-slate-600">None: every verified episode of this run was drawn by the sample.</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">Picked by hand or verified before the draw: not chosen at random, so not in the estimate.</p>
            <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="outside-sample">
              <thead className="bg-slate-100 text-left"><tr><th className="p-2">Episode</th><th className="p-2">Goal</th><th className="p-2">Verified</th></tr></thead>
              <tbody className="divide-y divide-slate-100">
                {sample.outsideSample.map((e) => (
                  <tr key={e.id}><td className="p-2 font-mono text-xs">{e.episode}</td><td className="p-2"><Link href={`/projects/${project.slug}/trajectories/${e.id}`} className="text-blue-800 hover:underline">{e.goal}</Link></td><td className="p-2">{outcome(e.human)}</td></tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </>
  );
}

function StrataTable({ sample }: { sample: RunSample }) {
  const { ppi } = sample.estimate;
  const results = new Map(ppi.ok ? ppi.estimate.strata.map((s) => [s.key, s]) : []);
  const plans = new Map(sample.estimate.plan.map((p) => [p.key, p]));
  return (
    <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="sample-strata">
      <thead className="bg-slate-100 text-left">
        <tr><th className="p-2">Stratum</th><th className="p-2">Episodes N<sub>h</sub></th><th className="p-2">Drawn n<sub>h</sub></th><th className="p-2">Verified</th><th className="p-2">Weight N<sub>h</sub>/n<sub>h</sub></th><th className="p-2">Automatic</th><th className="p-2">Correction</th></tr>
      </thead>
      <tbody className="divide-y divide-slate-100 tabular-nums">
        {sample.strata.map((s) => {
          const r = results.get(s.key);
          return (
            <tr key={s.key}>
              <td className="p-2">{s.label}</td>
              <td className="p-2">{s.populationSize}</td>
              <td className="p-2">{s.drawnSize}</td>
              <td className="p-2">{plans.get(s.key)?.verified ?? 0}</td>
              <td className="p-2">{s.weight === null ? "—" : s.weight.toFixed(2)}</td>
              <td className="p-2">{r ? percent(r.automaticMean) : "—"}</td>
              <td className="p-2">{r ? signedPoints(r.correction) : "—"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Rounds({ project, sample }: { project: Props["project"]; sample: RunSample }) {
  return (
    <ol aria-label="Rounds drawn" className="space-y-1 text-sm text-slate-700">
      {sample.rounds.map((r) => (
        <li key={r.round}>
          Round {r.round}: {plural(r.size, "episode")} drawn by {r.createdBy} on {r.createdAt.toISOString().slice(0, 16).replace("T", " ")}
          {r.targetHalfWidth !== null && <> for {points(r.targetHalfWidth)}</>}
          {r.queue ? (
            <>
              {" "}· {r.queue.queued} queued in <Link href={`/projects/${project.slug}/queues`} className="text-blue-800 hover:underline">{r.queue.name}</Link>
              {r.queue.queued < r.size && <>, {r.size - r.queue.queued} verified already</>}
            </>
          ) : (
            <> · no queue (all verified already)</>
          )}
        </li>
      ))}
    </ol>
  );
}
