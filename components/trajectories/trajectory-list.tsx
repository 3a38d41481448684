import Link from "next/link";
import { toQueryString } from "@/lib/filters/search-params";
import { formatTotal } from "@/lib/db/capped-count";
import { FilterSelect, sameOptions } from "@/components/ui/filter-select";
import { HUMAN_FLAGS, MISMATCH_FLAGS } from "@/lib/domain/mismatch-flags";
import { itemStateLabel, statusFilterOptions } from "@/lib/i18n/labels";
import { getT } from "@/lib/i18n/server";
import { flagLabel, flagWhy } from "@/lib/i18n/labels";
import { AutomaticOutcome } from "@/components/trajectories/automatic-outcome";
import { QueueTheseLink } from "@/components/queues/queue-these-link";
import { RunModelLink } from "@/components/model-runs/run-model-link";
import { QueueSelectedLink } from "@/components/selection/queue-selected-link";
import { RowSelection } from "@/components/selection/row-selection";
import { SelectPage } from "@/components/selection/select-page";
import { SelectRow } from "@/components/selection/select-row";
import type { listTrajectories, trajectoryFacets } from "@/lib/trajectories/list-trajectories";
import type { TrajectoryFilter } from "@/lib/trajectories/trajectory-filters";

type Props = {
  project: { slug: string; name: string };
  filter: TrajectoryFilter;
  facets: Awaited<ReturnType<typeof trajectoryFacets>>;
  result: Awaited<ReturnType<typeof listTrajectories>>;
  // Reviewers see the review status, the human verdict and every flag; annotators only what the machines said.
  seesHuman: boolean;
  canQueue?: boolean; // admins: "Queue these" makes a queue of this filter, "Queue N selected" of the ticked rows
};

export async function TrajectoryList({ project, filter, facets, result, seesHuman, canQueue = false }: Props) {
  const flags = MISMATCH_FLAGS.filter((f) => seesHuman || !HUMAN_FLAGS.has(f));
  const base = `/projects/${project.slug}/trajectories`;
  const keep = toQueryString({ ...filter, after: undefined });
  const { t: tr, locale } = await getT();
  const page = (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
          <h1 className="mt-1 text-2xl font-semibold">{tr("project.trajectories")}</h1>
          <p className="text-sm text-slate-600">{tr("list.matching", { total: formatTotal(result, locale) })}</p>
        </div>
        {canQueue && result.trajectories.length > 0 && (
          <div className="flex gap-2">
            <QueueTheseLink slug={project.slug} itemType="trajectory" filter={filter} />
            <RunModelLink slug={project.slug} items="trajectories" filter={filter} count={formatTotal(result, locale)} />
          </div>
        )}
      </div>
      <form method="get" aria-label={tr("filter.title")} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <FilterSelect name="benchmark" label={tr("newQueue.benchmark")} value={filter.benchmark} options={sameOptions(facets.benchmarks)} />
        <FilterSelect name="app" label={tr("filter.app")} value={filter.app} options={sameOptions(facets.apps)} />
        <FilterSelect name="model" label={tr("trajectories.model")} value={filter.model} options={sameOptions(facets.models)} />
        <FilterSelect name="run" label={tr("newQueue.run")} value={filter.run} options={facets.runs.map((r) => [r.id, r.name])} />
        {facets.terminations.length > 0 && <FilterSelect name="termination" label={tr("trajectories.termination")} value={filter.termination} options={sameOptions(facets.terminations)} />}
        <FilterSelect name="outcome" label={tr("trajectories.automaticOutcome")} value={filter.outcome} options={[["success", tr("verdict.success")], ["failure", tr("verdict.failure")], ["unknown", tr("verdict.unknown")]]} />
        {seesHuman && <FilterSelect name="verdict" label={tr("trajectories.humanVerdict")} value={filter.verdict} options={[["success", tr("verdict.success")], ["failure", tr("verdict.failure")], ["unsure", tr("verdict.unsure")], ["none", tr("verdict.none")]]} />}
        <FilterSelect name="flag" label={tr("trajectories.flag")} value={filter.flag} options={flags.map((f): [string, string] => [f, flagLabel(tr, f)])} />
        {seesHuman && <FilterSelect name="status" label={tr("filter.review")} value={filter.status} options={statusFilterOptions(tr)} />}
        {seesHuman && <FilterSelect name="verdictChanged" label={tr("filter.verdictChanged")} value={filter.verdictChanged} options={[["yes", tr("filter.verdictChangedYes")]]} />}
        {filter.group && <input type="hidden" name="group" value={filter.group} />}
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">{tr("filter.apply")}</button>
        <a href="?" className="px-1 py-1.5 text-sm text-blue-700 hover:underline">{tr("filter.clear")}</a>
      </form>
      {canQueue && result.trajectories.length > 0 && (
        <div className="flex flex-wrap items-center gap-4" aria-label={tr("selection.label")} role="group">
          <SelectPage />
          <QueueSelectedLink slug={project.slug} itemType="trajectory" />
        </div>
      )}
      {result.trajectories.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{tr("trajectories.none")}</p>
      ) : (
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-100 text-left text-slate-700">
            <tr>
              {canQueue && <th className="w-8 p-2"><span className="sr-only">{tr("selection.label")}</span></th>}
              <th className="p-2">{tr("trajectories.firstStep")}</th><th className="p-2">{tr("trajectories.goal")}</th><th className="p-2">{tr("project.steps")}</th><th className="p-2">{tr("trajectories.automatic")}</th>
              {seesHuman && <th className="p-2">{tr("filter.review")}</th>}{seesHuman && <th className="p-2">{tr("trajectories.human")}</th>}<th className="p-2">{tr("trajectories.flags")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {result.trajectories.map((t) => (
              <tr key={t.id} className="align-top">
                {canQueue && <td className="p-2"><SelectRow id={t.id} label={tr("selection.row", { name: t.goal })} /></td>}
                <td className="w-24 p-2">
                  {t.steps[0]?.media ? <img src={`/api/media/${t.steps[0].media.id}?variant=thumb`} alt="" className="h-20 w-auto rounded border border-slate-200" /> : <span className="text-xs text-slate-400">{tr("trajectories.noImage")}</span>}
                </td>
                <td className="p-2">
                  <Link href={`${base}/${t.id}${keep}`} className="font-medium text-blue-800 hover:underline">{t.goal}</Link>
                  <p className="text-xs text-slate-500">
                    {[t.benchmark, t.app, t.model, t.run?.name].filter(Boolean).join(" · ")}
                    {t.groupKey && <> · {tr("trajectories.group")} <Link href={`/projects/${project.slug}/groups/${encodeURIComponent(t.groupKey)}`} className="text-blue-700 hover:underline">{t.groupKey}</Link></>}
                  </p>
                </td>
                <td className="p-2 tabular-nums">{t.stepCount}</td>
                <td className="p-2" data-testid="row-automatic"><AutomaticOutcome reported={t.autoOutcome} effective={t.effectiveAutoOutcome} /></td>
                {seesHuman && <td className="p-2 text-xs" data-testid="row-status">{t.status ? itemStateLabel(tr, t.status) : ""}</td>}
                {seesHuman && <td className="p-2" data-testid="row-human">{t.humanVerdict ?? <span className="text-slate-400">—</span>}</td>}
                <td className="p-2" data-testid="row-flags">
                  {t.flags.map((f) => (
                    <span key={f} title={flagWhy(tr, f)} className="mr-1 mb-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{flagLabel(tr, f)}</span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="flex justify-between text-sm" aria-label={tr("list.pages")}>
        {filter.after ? <Link href={`${base}${keep}`} className="text-blue-700 hover:underline">{tr("list.firstPage")}</Link> : <span />}
        {result.nextAfter && <Link href={`${base}${toQueryString(filter, { after: result.nextAfter })}`} className="text-blue-700 hover:underline">{tr("list.nextPage")}</Link>}
      </nav>
    </div>
  );
  return canQueue ? <RowSelection ids={result.trajectories.map((t) => t.id)}>{page}</RowSelection> : page;
}
