import Link from "next/link";
import { QueueTheseLink } from "@/components/queues/queue-these-link";
import { RunModelLink } from "@/components/model-runs/run-model-link";
import { QueueSelectedLink } from "@/components/selection/queue-selected-link";
import { RowSelection } from "@/components/selection/row-selection";
import { SelectPage } from "@/components/selection/select-page";
import { SelectRow } from "@/components/selection/select-row";
import { SampleFilterBar } from "@/components/samples/sample-filter-bar";
import { formatTotal } from "@/lib/db/capped-count";
import { SampleThumbnail } from "@/components/projects/sample-thumbnail";
import { formatNumber } from "@/lib/i18n/format";
import { itemStateLabel } from "@/lib/i18n/labels";
import { getT } from "@/lib/i18n/server";
import { filterQuery, type SampleFilter } from "@/lib/samples/sample-filters";
import type { listSamples, sampleFacets } from "@/lib/samples/list-samples";

type Props = {
  project: { slug: string; name: string };
  filter: SampleFilter;
  facets: Awaited<ReturnType<typeof sampleFacets>>;
  result: Awaited<ReturnType<typeof listSamples>>;
  seesHuman: boolean;
  canQueue?: boolean; // admins: "Queue these" makes a queue of this filter, "Queue N selected" of the ticked cards
};

const STATUS_STYLE: Record<string, string> = {
  unreviewed: "bg-slate-100 text-slate-700",
  in_review: "bg-amber-100 text-amber-900",
  awaiting_adjudication: "bg-orange-100 text-orange-900",
  verified: "bg-emerald-100 text-emerald-900",
  rejected: "bg-rose-100 text-rose-900",
  reopened: "bg-sky-100 text-sky-900",
  source_changed: "bg-fuchsia-100 text-fuchsia-900",
};

export async function SampleList({ project, filter, facets, result, seesHuman, canQueue = false }: Props) {
  const base = `/projects/${project.slug}/samples`;
  const keep = filterQuery({ ...filter, after: undefined });
  const { t, locale } = await getT();
  const page = (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
          <h1 className="mt-1 text-2xl font-semibold">{t("samples.title")}</h1>
          <p className="text-sm text-slate-600">{t("list.matching", { total: formatTotal(result, locale) })}</p>
        </div>
        {result.samples[0] && (
          <div className="flex gap-2">
            {canQueue && <QueueTheseLink slug={project.slug} itemType="sample" filter={filter} />}
            {canQueue && <RunModelLink slug={project.slug} items="samples" filter={filter} count={formatTotal(result, locale)} />}
            {seesHuman && <Link href={`${base}/bulk${keep}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t("samples.bulkPass")}</Link>}
            <Link href={`${base}/${result.samples[0].id}${keep}`} className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">
              {t("list.reviewFromFirst")}
            </Link>
          </div>
        )}
      </div>
      <SampleFilterBar filter={filter} facets={facets} seesHuman={seesHuman} />
      {canQueue && result.samples.length > 0 && (
        <div className="flex flex-wrap items-center gap-4" aria-label={t("selection.label")} role="group">
          <SelectPage />
          <QueueSelectedLink slug={project.slug} itemType="sample" />
        </div>
      )}
      {result.samples.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("samples.none")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label={t("samples.listLabel")}>
          {result.samples.map((s) => {
            const { total, correct } = s.predictions;
            return (
              <li key={s.id} className="relative">
                {canQueue && <SelectRow id={s.id} label={t("selection.row", { name: s.instruction })} className="absolute top-2 left-2 z-10 shadow" />}
                <Link href={`${base}/${s.id}${keep}`} className="block overflow-hidden rounded-lg border border-slate-200 bg-white hover:border-blue-400">
                  <SampleThumbnail sample={s} />
                  <div className="space-y-1 p-2 text-sm">
                    <p className="line-clamp-2" lang={s.language ?? undefined}>{s.instruction}</p>
                    <p className="flex flex-wrap gap-1 text-xs">
                      {s.status && <span data-testid="sample-status" className={`rounded px-1.5 py-0.5 ${STATUS_STYLE[s.status] ?? STATUS_STYLE.unreviewed}`}>{itemStateLabel(t, s.status)}</span>}
                      {s.qualityScore !== null && (
                        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{t("samples.score", { score: s.qualityScore, tier: s.qualityTier ?? "" })}</span>
                      )}
                      {total > 0 && correct !== null && (
                        <span data-testid="sample-hits" className={`rounded px-1.5 py-0.5 ${correct < total ? "bg-rose-50 text-rose-800" : "bg-emerald-50 text-emerald-800"}`}>
                          {t("samples.hits", { correct, total })}
                        </span>
                      )}
                      {total > 0 && correct === null && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{total === 1 ? t("samples.predictionOne") : t("samples.predictionMany", { count: formatNumber(locale, total) })}</span>}
                    </p>
                    <p className="truncate text-xs text-slate-500">{[s.sourceDataset, s.platform, s.app].filter(Boolean).join(" · ")}</p>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <nav className="flex justify-between text-sm" aria-label={t("list.pages")}>
        {filter.after ? <Link href={`${base}${keep}`} className="text-blue-700 hover:underline">{t("list.firstPage")}</Link> : <span />}
        {result.nextAfter && <Link href={`${base}${filterQuery(filter, { after: result.nextAfter })}`} className="text-blue-700 hover:underline">{t("list.nextPage")}</Link>}
      </nav>
    </div>
  );
  return canQueue ? <RowSelection ids={result.samples.map((s) => s.id)}>{page}</RowSelection> : page;
}
