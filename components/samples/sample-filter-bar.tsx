// A plain GET form: filters live in the URL, so a filtered list can be shared and reloaded.
import { FilterSelect as Select, sameOptions as same } from "@/components/ui/filter-select";
import { REVIEWER_SORTS, SAMPLE_SORTS, type SampleFilter } from "@/lib/samples/sample-filters";
import { getT } from "@/lib/i18n/server";
import { statusFilterOptions } from "@/lib/i18n/labels";
import type { PlainKey } from "@/lib/i18n/translate";

type Facets = { sources: string[]; platforms: string[]; apps: string[]; uiTypes: string[]; models: string[] };

// Annotators get the filters on what the import said; the others rest on final answers.
const SORT_KEYS: Record<(typeof SAMPLE_SORTS)[number], PlainKey> = { import: "samples.sort.import", instruction: "samples.sort.instruction", source: "samples.sort.source", app: "samples.sort.app", score: "samples.sort.score", hits: "samples.sort.hits" };

export async function SampleFilterBar({ filter, facets, seesHuman }: { filter: SampleFilter; facets: Facets; seesHuman: boolean }) {
  const { t } = await getT();
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" aria-label={t("filter.title")}>
      <label className="flex flex-col text-xs font-medium text-slate-600">
        {t("filter.search")}
        <input type="search" name="q" defaultValue={filter.q} maxLength={200} placeholder={seesHuman ? t("samples.searchHintReviewer") : t("samples.searchHint")}
          className="mt-1 w-56 rounded-md border border-slate-300 px-2 py-1 text-sm font-normal text-slate-900" />
      </label>
      <Select name="source" label={t("filter.source")} value={filter.source} options={same(facets.sources)} />
      <Select name="platform" label={t("filter.platform")} value={filter.platform} options={same(facets.platforms)} />
      <Select name="app" label={t("filter.app")} value={filter.app} options={same(facets.apps)} />
      <Select name="uiType" label={t("filter.uiType")} value={filter.uiType} options={same(facets.uiTypes)} />
      <Select name="refusal" label={t("samples.filter.target")} value={filter.refusal} options={[["no", t("samples.filter.present")], ["yes", t("samples.filter.absent")]]} />
      {facets.models.length > 0 && <Select name="model" label={t("samples.filter.predictedBy")} value={filter.model} options={same(facets.models)} />}
      {seesHuman && (
        <>
          <Select name="correctness" label={t("samples.filter.predictionIs")} value={filter.correctness} options={[["correct", t("samples.filter.correct")], ["wrong", t("samples.filter.wrong")], ["wrong_format", t("predictions.wrongFormat")]]} />
          <Select name="tier" label={t("samples.filter.tier")} value={filter.tier} options={[["gold", "gold"], ["rewrite", "rewrite"], ["discard", "discard"], ["unscored", t("quality.unscored")]]} />
          <label className="flex flex-col text-xs font-medium text-slate-600">
            {t("samples.filter.scoreFrom")}
            <input name="scoreMin" type="number" min={0} max={10} step={0.5} defaultValue={filter.scoreMin} className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1 text-sm font-normal" />
          </label>
          <label className="flex flex-col text-xs font-medium text-slate-600">
            {t("samples.filter.scoreTo")}
            <input name="scoreMax" type="number" min={0} max={10} step={0.5} defaultValue={filter.scoreMax} className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1 text-sm font-normal" />
          </label>
          <Select name="status" label={t("filter.review")} value={filter.status} options={statusFilterOptions(t)} />
          <Select name="verdictChanged" label={t("filter.verdictChanged")} value={filter.verdictChanged} options={[["yes", t("filter.verdictChangedYes")]]} />
          {facets.models.length > 1 && (
            <>
              <Select name="modelRight" label={t("samples.filter.modelRight")} value={filter.modelRight} options={same(facets.models)} />
              <Select name="modelWrong" label={t("samples.filter.modelWrong")} value={filter.modelWrong} options={same(facets.models)} />
            </>
          )}
        </>
      )}
      <Select name="imageMissing" label={t("samples.filter.image")} value={filter.imageMissing} options={[["no", t("samples.filter.present")], ["yes", t("samples.filter.missing")]]} />
      <label className="flex flex-col text-xs font-medium text-slate-600">
        {t("filter.sortBy")}
        <select name="sort" defaultValue={filter.sort ?? "import"} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900">
          {SAMPLE_SORTS.filter((s) => seesHuman || !REVIEWER_SORTS.has(s)).map((s) => <option key={s} value={s}>{t(SORT_KEYS[s])}</option>)}
        </select>
      </label>
      <label className="flex flex-col text-xs font-medium text-slate-600">
        {t("filter.order")}
        <select name="dir" defaultValue={filter.dir ?? "asc"} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900">
          <option value="asc">{t("filter.ascending")}</option>
          <option value="desc">{t("filter.descending")}</option>
        </select>
      </label>
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">{t("filter.apply")}</button>
      <a href="?" className="px-1 py-1.5 text-sm text-blue-700 hover:underline">{t("filter.clear")}</a>
    </form>
  );
}
