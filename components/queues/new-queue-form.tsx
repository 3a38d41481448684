"use client";
// The admin's "New queue" form. The selection is the list's filters, prefilled from the
// page's URL (the lists' "Queue these" link opens /queues?itemType=sample&<their filter>):
// the common ones as menus, every other filter the list had carried along as it was and
// named above the menus; the server validates them with the same filter schemas the lists use.
import { useState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { FilterSelect as Select, sameOptions as same } from "@/components/ui/filter-select";
import { createQueueAction } from "@/lib/actions/queues";
import { MISMATCH_FLAGS } from "@/lib/domain/mismatch-flags";
import { STATUS_FILTER_OPTIONS as STATUS_OPTIONS } from "@/lib/domain/item-lifecycle";
import type { SampleFilter } from "@/lib/samples/sample-filters";
import type { TrajectoryFilter } from "@/lib/trajectories/trajectory-filters";

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
  initial: { itemType: ItemType; sample: SampleFilter; trajectory: TrajectoryFilter };
  defaultHoneypotPercent: number; // the project's honeypot rate
};

export function NewQueueForm({ projectId, members, facets, initial, defaultHoneypotPercent }: Props) {
  const [itemType, setItemType] = useState<ItemType>(initial.itemType);
  const s = initial.sample;
  const t = initial.trajectory;
  // Only the filters of the list the admin came from (a change of item type drops them).
  const carried = itemType === initial.itemType ? carriedFilters(itemType, itemType === "sample" ? s : t) : [];
  return (
    <ActionForm action={createQueueAction} label="New queue" submitLabel="Create queue" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <div className="flex flex-wrap items-end gap-4">
        <Field label="Name" name="name" required maxLength={100} className="min-w-64 flex-1" />
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Item type
          <select name="itemType" value={itemType} onChange={(e) => setItemType(e.target.value as ItemType)}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal text-slate-900">
            <option value="sample">grounding samples</option>
            <option value="trajectory">trajectories</option>
          </select>
        </label>
        <Field label="Overlap (annotators per item)" name="overlap" type="number" min={1} max={10} defaultValue={1} required className="w-60" />
        <Field label="Lease (minutes)" name="leaseMinutes" type="number" min={1} max={1440} defaultValue={15} required className="w-36" />
        <Field label="Honeypots (% of items)" name="honeypotPercent" type="number" min={0} max={90} step={1} defaultValue={defaultHoneypotPercent} required className="w-44" />
      </div>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">Items: those matching</legend>
        {carried.length > 0 && (
          <p className="basis-full text-sm text-slate-700" data-testid="carried-filters">
            From the list: {carried.map(([key, value]) => <span key={key} className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{key} = {value}</span>)}
            {carried.map(([key, value]) => <input key={key} type="hidden" name={`filter.${key}`} value={value} />)}
          </p>
        )}
        {itemType === "sample" ? (
          <>
            <Select name="filter.source" label="Source" value={s.source} options={same(facets.sources)} />
            <Select name="filter.platform" label="Platform" value={s.platform} options={same(facets.platforms)} />
            <Select name="filter.status" label="Review" value={s.status} options={STATUS_OPTIONS} />
          </>
        ) : (
          <>
            <Select name="filter.benchmark" label="Benchmark" value={t.benchmark} options={same(facets.benchmarks)} />
            <Select name="filter.run" label="Run" value={t.run} options={facets.runs.map((r) => [r.id, r.name])} />
            <Select name="filter.verdict" label="Verdict" value={t.verdict} options={same(["success", "failure", "unsure", "none"])} />
            <Select name="filter.flag" label="Flag" value={t.flag} options={same([...MISMATCH_FLAGS])} />
          </>
        )}
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Members</legend>
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
