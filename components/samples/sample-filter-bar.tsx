// A plain GET form: filters live in the URL, so a filtered list can be shared and reloaded.
import { FilterSelect as Select, sameOptions as same } from "@/components/ui/filter-select";
import { REVIEWER_SORTS, SAMPLE_SORT_LABELS, SAMPLE_SORTS, type SampleFilter } from "@/lib/samples/sample-filters";
import { STATUS_FILTER_OPTIONS as STATUS_OPTIONS } from "@/lib/domain/item-lifecycle";

type Facets = { sources: string[]; platforms: string[]; apps: string[]; uiTypes: string[]; models: string[] };

// Annotators get the filters on what the import said; the others rest on final answers.
export function SampleFilterBar({ filter, facets, seesHuman }: { filter: SampleFilter; facets: Facets; seesHuman: boolean }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" aria-label="Filters">
      <label className="flex flex-col text-xs font-medium text-slate-600">
        Search
        <input type="search" name="q" defaultValue={filter.q} maxLength={200} placeholder={seesHuman ? "instruction or rewrite" : "instruction"}
          className="mt-1 w-56 rounded-md border border-slate-300 px-2 py-1 text-sm font-normal text-slate-900" />
      </label>
      <Select name="source" label="Source" value={filter.source} options={same(facets.sources)} />
      <Select name="platform" label="Platform" value={filter.platform} options={same(facets.platforms)} />
      <Select name="app" label="App" value={filter.app} options={same(facets.apps)} />
      <Select name="uiType" label="UI type" value={filter.uiType} options={same(facets.uiTypes)} />
      <Select name="refusal" label="Target" value={filter.refusal} options={[["no", "present"], ["yes", "absent (refusal)"]]} />
      {facets.models.length > 0 && <Select name="model" label="Predicted by" value={filter.model} options={same(facets.models)} />}
      {seesHuman && (
        <>
          <Select name="correctness" label="A prediction is" value={filter.correctness} options={[["correct", "correct"], ["wrong", "wrong"], ["wrong_format", "wrong format"]]} />
          <Select name="tier" label="Tier" value={filter.tier} options={[["gold", "gold"], ["rewrite", "rewrite"], ["discard", "discard"], ["unscored", "unscored"]]} />
          <label className="flex flex-col text-xs font-medium text-slate-600">
            Score from
            <input name="scoreMin" type="number" min={0} max={10} step={0.5} defaultValue={filter.scoreMin} className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1 text-sm font-normal" />
          </label>
          <label className="flex flex-col text-xs font-medium text-slate-600">
            to
            <input name="scoreMax" type="number" min={0} max={10} step={0.5} defaultValue={filter.scoreMax} className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1 text-sm font-normal" />
          </label>
          <Select name="status" label="Review" value={filter.status} options={STATUS_OPTIONS} />
          {facets.models.length > 1 && (
            <>
              <Select name="modelRight" label="Model right" value={filter.modelRight} options={same(facets.models)} />
              <Select name="modelWrong" label="Model wrong" value={filter.modelWrong} options={same(facets.models)} />
            </>
          )}
        </>
      )}
      <Select name="imageMissing" label="Image" value={filter.imageMissing} options={[["no", "present"], ["yes", "missing"]]} />
      <label className="flex flex-col text-xs font-medium text-slate-600">
        Sort by
        <select name="sort" defaultValue={filter.sort ?? "import"} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900">
          {SAMPLE_SORTS.filter((s) => seesHuman || !REVIEWER_SORTS.has(s)).map((s) => <option key={s} value={s}>{SAMPLE_SORT_LABELS[s]}</option>)}
        </select>
      </label>
      <label className="flex flex-col text-xs font-medium text-slate-600">
        Order
        <select name="dir" defaultValue={filter.dir ?? "asc"} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900">
          <option value="asc">ascending</option>
          <option value="desc">descending</option>
        </select>
      </label>
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">Filter</button>
      <a href="?" className="px-1 py-1.5 text-sm text-blue-700 hover:underline">Clear</a>
    </form>
  );
}
