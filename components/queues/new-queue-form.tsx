"use client";
// The admin's "New queue" form. The selection is the list's filters, prefilled from the
// page's URL (the lists' "Queue these" link opens /queues?itemType=sample&<their filter>):
// the common ones as menus, every other filter the list had carried along as it was and
// named above the menus; the server validates them with the same filter schemas the lists use.
// From "Queue N selected" the selection is those rows instead (hidden `itemIds`, no menus).
import { useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { FilterSelect as Select, sameOptions as same } from "@/components/ui/filter-select";
import { createQueueAction } from "@/lib/actions/queues";
import { MISMATCH_FLAGS } from "@/lib/domain/mismatch-flags";
import { statusFilterOptions } from "@/lib/i18n/labels";
import type { SampleFilter } from "@/lib/samples/sample-filters";
import type { TrajectoryFilter } from "@/lib/trajectories/trajectory-filters";
import type { SelectedIds } from "@/lib/queues/selected-ids";

type ItemType = "sample" | "trajectory";

// Shown as menus; every other key of the list's filter is carried as a hidden field. The
// order and paging of a list are not part of a selection.
const MENU_KEYS: Record<ItemType, string[]> = { sample: ["source", "platform", "status"], trajectory: ["benchmark", "run", "verdict", "flag"] };
const NOT_SELECTION = new Set(["after", "sort", "dir"]);

function carriedFilters(itemType: ItemType, filter: SampleFilter | TrajectoryFilter): [string, string][] {
  return Object.entries(filter)
    .filter(([key, value]) => value !== undefined && value !== "" && !MENU_KEYS[itemType].includes(key) && !NOT_SELECTION.has(key))
    .map(([key, value]) => [key, String(value)]);
}

type Props = {
  projectId: string;
  members: { id: string; name: string; email: string; role: string }[];
  facets: { sources: string[]; platforms: string[]; benchmarks: string[]; runs: { id: string; name: string }[] };
  initial: { itemType: ItemType; sample: SampleFilter; trajectory: TrajectoryFilter; selected?: SelectedIds };
  defaultHoneypotPercent: number; // the project's honeypot rate
};

export function NewQueueForm({ projectId, members, facets, initial, defaultHoneypotPercent }: Props) {
  const [itemType, setItemType] = useState<ItemType>(initial.itemType);
  const tr = useT();
  const s = initial.sample;
  const t = initial.trajectory;
  // Only the filters of the list the admin came from (a change of item type drops them).
  const carried = itemType === initial.itemType ? carriedFilters(itemType, itemType === "sample" ? s : t) : [];
  const picked = initial.selected && "ids" in initial.selected ? initial.selected.ids : null;
  return (
    <ActionForm action={createQueueAction} label={tr("queues.new")} submitLabel={tr("newQueue.create")} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <div className="flex flex-wrap items-end gap-4">
        <Field label={tr("newQueue.name")} name="name" required maxLength={100} className="min-w-64 flex-1" />
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {tr("newQueue.itemType")}
          <select name="itemType" value={itemType} onChange={(e) => setItemType(e.target.value as ItemType)} disabled={picked !== null}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal text-slate-900">
            <option value="sample">{tr("newQueue.samples")}</option>
            <option value="trajectory">{tr("newQueue.trajectories")}</option>
          </select>
        </label>
        <Field label={tr("newQueue.overlap")} name="overlap" type="number" min={1} max={10} defaultValue={1} required className="w-60" />
        <Field label={tr("newQueue.lease")} name="leaseMinutes" type="number" min={1} max={1440} defaultValue={15} required className="w-36" />
        <Field label={tr("newQueue.honeypots")} name="honeypotPercent" type="number" min={0} max={90} step={1} defaultValue={defaultHoneypotPercent} required className="w-44" />
      </div>
      {picked ? (
        <p className="text-sm text-slate-700" data-testid="selected-items">
          <input type="hidden" name="itemType" value={itemType} />
          {picked.map((id) => <input key={id} type="hidden" name="itemIds" value={id} />)}
          {tr(itemType === "sample" ? "selection.formSamples" : "selection.formTrajectories", { count: picked.length })}
        </p>
      ) : (
      <fieldset className="flex flex-wrap items-end gap-3">
        {initial.selected && "invalid" in initial.selected && <p role="alert" className="basis-full rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">{tr("selection.invalid")}</p>}
        <legend className="mb-1 text-sm font-medium text-slate-700">{tr("newQueue.matching")}</legend>
        {carried.length > 0 && (
          <p className="basis-full text-sm text-slate-700" data-testid="carried-filters">
            {tr("newQueue.fromList")} {carried.map(([key, value]) => <span key={key} className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{key} = {value}</span>)}
            {carried.map(([key, value]) => <input key={key} type="hidden" name={`filter.${key}`} value={value} />)}
          </p>
        )}
        {itemType === "sample" ? (
          <>
            <Select name="filter.source" label={tr("filter.source")} value={s.source} options={same(facets.sources)} />
            <Select name="filter.platform" label={tr("filter.platform")} value={s.platform} options={same(facets.platforms)} />
            <Select name="filter.status" label={tr("filter.review")} value={s.status} options={statusFilterOptions(tr)} />
          </>
        ) : (
          <>
            <Select name="filter.benchmark" label={tr("newQueue.benchmark")} value={t.benchmark} options={same(facets.benchmarks)} />
            <Select name="filter.run" label={tr("newQueue.run")} value={t.run} options={facets.runs.map((r) => [r.id, r.name])} />
            <Select name="filter.verdict" label={tr("newQueue.verdict")} value={t.verdict} options={same(["success", "failure", "unsure", "none"])} />
            <Select name="filter.flag" label={tr("newQueue.flag")} value={t.flag} options={same([...MISMATCH_FLAGS])} />
          </>
        )}
      </fieldset>
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{tr("queue.members")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {members.map((m) => (
            <label key={m.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="memberIds" value={m.id} />
              {m.name} <span className="text-slate-500">{m.email} · {m.role}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </ActionForm>
  );
}
