// Two runs compared task by task (lib/runs/comparison/compare-runs.ts): the difference in
// success rates, automatic, on the verified pairs with Newcombe's paired interval, and
// prediction-powered when both runs were sampled uniformly; the discordant tasks with the
// last screenshot of each episode side by side; and the export.
import Link from "next/link";
import type { ReactNode } from "react";
import type { ComparedEpisode, RunComparison } from "@/lib/runs/comparison/compare-runs";
import { percent, pointsRange, signedPoints } from "@/lib/domain/estimates/format";

type Props = { project: { id: string; slug: string }; c: RunComparison };

const SHOWN = 100;
const outcome = (v: boolean | null) => (v === null ? "—" : v ? "success" : "failure");

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <h3 className="text-sm text-slate-600">{title}</h3>
      {children}
    </div>
  );
}

export function RunComparisonScreen({ project, c }: Props) {
  const exportUrl = `/api/projects/${project.id}/runs/${c.first.id}/compare/${c.second.id}`;
  // Verified disagreements first: they are what the comparison rests on.
  const discordant = [...c.tasks.filter((t) => t.discordant === "verified"), ...c.tasks.filter((t) => t.discordant === "automatic")];
  const pairs = c.verifiedPairs;
  const sampled = c.sampled?.outcome.ok ? c.sampled.outcome.estimate : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">
            <Link href={`/projects/${project.slug}/runs/${c.first.id}`} className="text-blue-800 hover:underline">{c.first.name}</Link> minus{" "}
            <Link href={`/projects/${project.slug}/runs/${c.second.id}`} className="text-blue-800 hover:underline">{c.second.name}</Link>
          </h2>
          <p className="text-sm text-slate-600" data-testid="comparison-matching">
            {c.tasks.length} tasks in both runs (matched by {c.match === "id" ? "episode id" : "goal"}) · {c.onlyFirst} only in {c.first.name} · {c.onlySecond} only in {c.second.name}
            {(c.ambiguous.first > 0 || c.ambiguous.second > 0) && ` · ${c.ambiguous.first + c.ambiguous.second} tasks with several episodes in one run, left out`}
          </p>
        </div>
        <div className="flex gap-2 text-sm">
          <a href={`${exportUrl}?format=csv&match=${c.match}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50">Export CSV</a>
          <a href={`${exportUrl}?format=json&match=${c.match}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50">Export JSON</a>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Automatic outcomes (all matched tasks)" testId="comparison-automatic">
          {c.automatic ? (
            <>
              <p className="mt-1 text-2xl font-semibold tabular-nums">{signedPoints(c.automatic.difference)}</p>
              <p className="text-sm text-slate-700">{percent(c.automatic.first)} vs {percent(c.automatic.second)}, as the checkers reported them: biased where they are.</p>
            </>
          ) : <p className="mt-1 text-sm text-slate-600">No task in both runs.</p>}
        </Card>
        <Card title="Verified pairs (Newcombe's paired interval)" testId="comparison-verified">
          {pairs ? (
            <>
              <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="newcombe-difference">{signedPoints(pairs.difference)}</p>
              <p className="text-sm tabular-nums text-slate-700">95% CI <span data-testid="newcombe-interval">{pointsRange(pairs.low, pairs.high)}</span></p>
              <p className="mt-1 text-sm text-slate-700">{pairs.n} tasks verified in both: {percent(pairs.first)} vs {percent(pairs.second)}.</p>
              <p className="mt-2 text-xs text-slate-500">Holds when which tasks got verified in both runs did not depend on their outcomes (everything verified, or both runs sampled).</p>
            </>
          ) : <p className="mt-1 text-sm text-slate-600">No task is verified in both runs yet.</p>}
        </Card>
        <Card title="Sampled (prediction-powered)" testId="comparison-sampled">
          {sampled ? (
            <>
              <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="ppi-difference">{signedPoints(sampled.estimate)}</p>
              <p className="text-sm tabular-nums text-slate-700">95% CI {pointsRange(sampled.run.low, sampled.run.high)} for these runs</p>
              <p className="text-sm tabular-nums text-slate-700">{pointsRange(sampled.model.low, sampled.model.high)} for the two checkpoints on tasks like these</p>
              <p className="mt-2 text-xs text-slate-500">The automatic difference over all {c.sampled!.matched} matched tasks, corrected by the {c.sampled!.bothSampled} tasks both samples drew and people verified.</p>
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              {c.sampledMissing ?? (c.sampled && !c.sampled.outcome.ok ? `Needs at least 2 tasks drawn by both samples and verified in both (now ${c.sampled.bothSampled}).` : "")}
            </p>
          )}
        </Card>
      </div>
      <section aria-label="Discordant tasks">
        <h3 className="mb-2 font-semibold">Discordant tasks ({discordant.length})</h3>
        {discordant.length === 0 ? (
          <p className="text-sm text-slate-600">None: on every matched task the two runs end the same way.</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">Verified outcomes that differ, and, where a task is not verified in both runs, automatic outcomes that differ. The last screenshot of each episode, {c.first.name} on the left.</p>
            <ul className="space-y-3" data-testid="discordant-tasks">
              {discordant.slice(0, SHOWN).map((t) => (
                <li key={t.task} className="rounded-lg border border-slate-200 bg-white p-3">
                  <p className="text-sm"><span className="font-mono text-xs">{t.task}</span> · {t.goal} <span className={`ml-2 rounded px-1.5 text-xs ${t.discordant === "verified" ? "bg-amber-200" : "bg-slate-200"}`}>{t.discordant === "verified" ? "verified" : "automatic only"}</span></p>
                  <div className="mt-2 grid grid-cols-2 gap-3">
                    <Side slug={project.slug} run={c.first.name} e={t.first} />
                    <Side slug={project.slug} run={c.second.name} e={t.second} />
                  </div>
                </li>
              ))}
            </ul>
            {discordant.length > SHOWN && <p className="mt-2 text-sm text-slate-600">{discordant.length - SHOWN} more in the export.</p>}
          </>
        )}
      </section>
    </div>
  );
}

function Side({ slug, run, e }: { slug: string; run: string; e: ComparedEpisode }) {
  return (
    <figure className="space-y-1">
      {e.screenshot ? (
        <img src={`/api/media/${e.screenshot.mediaId}?variant=thumb`} alt={`last screenshot of ${e.episode}`} className="max-h-64 rounded border border-slate-200" />
      ) : (
        <div className="flex h-32 items-center justify-center rounded bg-slate-100 text-xs text-slate-500">no screenshot</div>
      )}
      <figcaption className="text-xs text-slate-700">
        <Link href={`/projects/${slug}/trajectories/${e.id}`} className="font-medium text-blue-800 hover:underline">{run}</Link>: automatic {outcome(e.automatic)} · verified {outcome(e.human)}
      </figcaption>
    </figure>
  );
}
