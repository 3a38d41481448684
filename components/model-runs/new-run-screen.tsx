// The launch page of a model run: how many items the list's filter matches and the filter in
// words (with the way back to the list to change it), then the form; without a connection, a
// clear message and the way to the connections page instead.
import Link from "next/link";
import { NewRunForm } from "@/components/model-runs/new-run-form";
import { filterWords } from "@/components/model-runs/scope-words";
import { conventionLabel } from "@/components/pools/pool-labels";
import { formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { newRunData } from "@/lib/models/runs/new-run-data";
import { filterQueryOf, type RunItems } from "@/lib/models/runs/scope-filter";
import { MAX_RUN_ITEMS } from "@/lib/models/runs/start-model-run";

type Props = {
  project: { id: string; slug: string; name: string };
  items: RunItems;
  filter: Record<string, string>;
  data: Awaited<ReturnType<typeof newRunData>>;
};

export async function NewRunScreen({ project, items, filter, data }: Props) {
  const { t, locale } = await getT();
  const query = filterQueryOf(filter);
  const listHref = `/projects/${project.slug}/${items}${query ? `?${query}` : ""}`;
  const samples = items === "samples";
  const count = formatNumber(locale, data.count);
  const matching =
    data.count === 1 ? t(samples ? "modelRuns.new.matchSamplesOne" : "modelRuns.new.matchTrajectoriesOne")
    : t(samples ? "modelRuns.new.matchSamples" : "modelRuns.new.matchTrajectories", { count });
  return (
    <div className="space-y-5">
      <div>
        <Link href={`/projects/${project.slug}/models/runs`} className="text-sm text-blue-700 hover:underline">← {t("modelRuns.back")}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("modelRuns.new.title", { items: t(samples ? "modelRuns.new.samples" : "modelRuns.new.trajectories") })}</h1>
      </div>
      <section aria-label={t("modelRuns.scope")} className="space-y-1 rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-lg font-semibold" data-testid="new-run-count">{matching}</p>
        <p className="text-sm text-slate-700">{t("modelRuns.new.filterWords", { words: filterWords(t, items, filter, { runNames: data.runNames }) })}</p>
        <Link href={listHref} className="text-sm text-blue-700 hover:underline">{t("modelRuns.new.changeFilter")}</Link>
        {data.count === 0 && <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t("modelRuns.new.nothingToRun")}</p>}
        {data.tooMany && <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t("modelRuns.new.tooMany", { max: formatNumber(locale, MAX_RUN_ITEMS) })}</p>}
      </section>
      {data.connections.length === 0 ? (
        <div role="alert" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p>{t("modelRuns.new.noConnection")}</p>
          <Link href={`/projects/${project.slug}/models`} className="inline-block rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">{t("modelRuns.new.addConnection")}</Link>
        </div>
      ) : (
        <NewRunForm
          projectId={project.id}
          slug={project.slug}
          items={items}
          filterQuery={query}
          canStart={data.count > 0 && !data.tooMany}
          connections={data.connections.map((c) => ({ ...c, conventionText: conventionLabel(t, c.convention) }))}
          templates={data.templates.map((p) => ({ id: p.id, version: p.version, name: p.name, task: p.task, source: p.source, convention: p.convention, conventionText: p.convention ? conventionLabel(t, p.convention) : null }))}
        />
      )}
    </div>
  );
}
