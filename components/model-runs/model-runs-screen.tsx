// The model runs of a project, newest first: what each asked (task, connection and model,
// template, k and temperature), over how many items, where it stands and what it cost. Each
// row links to its run's page; while a run is queued or running the page refreshes itself.
import Link from "next/link";
import { RefreshWhileActive } from "@/components/model-runs/refresh-while-active";
import { RunState } from "@/components/model-runs/run-state";
import { runStateLabel, taskLabel } from "@/components/model-runs/run-labels";
import { formatDateTime, formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { ModelRunRow } from "@/lib/models/runs/list-model-runs";
import { ACTIVE_JOB_STATES } from "@/lib/models/runs/run-progress";

type Props = {
  project: { slug: string; name: string };
  runs: ModelRunRow[];
  nextAfter: string | null;
  isFirstPage: boolean;
  isAdmin: boolean;
};

const cell = "p-2 align-top";

export async function ModelRunsScreen({ project, runs, nextAfter, isFirstPage, isAdmin }: Props) {
  const { t, locale } = await getT();
  const n = (value: number) => formatNumber(locale, value);
  const base = `/projects/${project.slug}/models/runs`;
  return (
    <div className="space-y-5">
      <RefreshWhileActive active={runs.some((r) => ACTIVE_JOB_STATES.has(r.progress.status))} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
          <h1 className="mt-1 text-2xl font-semibold">{t("modelRuns.title")}</h1>
          <p className="max-w-3xl text-sm text-slate-600">{t("modelRuns.intro")}</p>
        </div>
        <Link href={`/projects/${project.slug}/models/disagreements`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t("disagreements.title")}</Link>
        {isAdmin && (
          <nav className="flex flex-wrap gap-2" aria-label={t("modelRuns.adminLinks")}>
            <Link href={`${base}/new?items=samples`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t("modelRuns.newOnSamples")}</Link>
            <Link href={`${base}/new?items=trajectories`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t("modelRuns.newOnTrajectories")}</Link>
            <Link href={`/projects/${project.slug}/models`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t("modelRuns.connections")}</Link>
          </nav>
        )}
      </div>

      {runs.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t(isAdmin ? "modelRuns.noneAdmin" : "modelRuns.none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("modelRuns.title")}</caption>
            <thead className="bg-slate-50 text-left text-xs text-slate-600">
              <tr>
                <th scope="col" className={cell}>{t("modelRuns.col.run")}</th>
                <th scope="col" className={cell}>{t("modelRuns.col.connection")}</th>
                <th scope="col" className={cell}>{t("modelRuns.col.sampling")}</th>
                <th scope="col" className={`${cell} text-right`}>{t("modelRuns.col.items")}</th>
                <th scope="col" className={cell}>{t("modelRuns.col.state")}</th>
                <th scope="col" className={`${cell} text-right`}>{t("modelRuns.col.doneFailed")}</th>
                <th scope="col" className={`${cell} text-right`}>{t("modelRuns.col.requests")}</th>
                <th scope="col" className={`${cell} text-right`}>{t("modelRuns.col.cacheHits")}</th>
                <th scope="col" className={`${cell} text-right`}>{t("modelRuns.col.tokens")}</th>
                <th scope="col" className={cell}>{t("modelRuns.col.started")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {runs.map((run) => {
                const p = run.progress;
                return (
                  <tr key={run.id} data-testid="model-run-row">
                    <td className={`${cell} min-w-48`}>
                      <Link href={`${base}/${run.id}`} className="font-medium break-words text-blue-800 hover:underline">{run.outputName}</Link>
                      <p className="text-xs text-slate-600">
                        {taskLabel(t, run.task)} · <span className="font-mono">{run.templateId}@v{run.templateVersion}</span>
                      </p>
                    </td>
                    <td className={cell}>
                      <p className="break-words">{run.connectionName}</p>
                      <p className="font-mono text-xs break-all text-slate-600">→ {run.model}</p>
                    </td>
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>{t("modelRuns.sampling", { k: run.k, temperature: formatNumber(locale, run.temperature, { maximumFractionDigits: 2 }) })}</td>
                    <td className={`${cell} text-right tabular-nums`}>{n(run.total)}</td>
                    <td className={cell}>
                      <RunState compact status={p.status} stateText={runStateLabel(t, p.status)} done={p.done} failed={p.failed} total={p.total} shareText={t("modelRuns.progressShare", { done: p.done + p.failed, total: p.total })} />
                    </td>
                    <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{t("modelRuns.pair", { first: n(p.done), second: n(p.failed) })}</td>
                    <td className={`${cell} text-right tabular-nums`}>{n(p.requests)}</td>
                    <td className={`${cell} text-right tabular-nums`}>{n(p.cacheHits)}</td>
                    <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{t("modelRuns.pair", { first: n(p.promptTokens), second: n(p.completionTokens) })}</td>
                    <td className={cell}>
                      <p>{run.startedBy ? run.startedBy.name || run.startedBy.email : t("modelRuns.deletedUser")}</p>
                      <p className="text-xs whitespace-nowrap text-slate-600"><time dateTime={run.createdAt.toISOString()}>{formatDateTime(locale, run.createdAt)}</time></p>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <nav className="flex justify-between text-sm" aria-label={t("modelRuns.pages")}>
        {isFirstPage ? <span /> : <Link href={base} className="text-blue-700 hover:underline">{t("modelRuns.newestRuns")}</Link>}
        {nextAfter && <Link href={`${base}?after=${nextAfter}`} className="text-blue-700 hover:underline">{t("modelRuns.olderRuns")}</Link>}
      </nav>
    </div>
  );
}
