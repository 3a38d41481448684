"use client";
// Makes a triage queue of the top candidates (by impact) with the chosen reasons, worked by
// the chosen reviewers; each decision settles one item (overlap 1).
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { createTriageQueueAction } from "@/lib/actions/triage";
import { TRIAGE_REASONS } from "@/lib/domain/triage-impact";
import { REASON_LABELS } from "@/lib/triage/candidate-types";

type Props = {
  projectId: string;
  userId: string;
  open: number;
  defaultName: string;
  deciders: { id: string; name: string; email: string; role: string }[];
};

export function NewTriageQueueForm({ projectId, userId, open, defaultName, deciders }: Props) {
  return (
    <ActionForm action={createTriageQueueAction} label="New triage queue" submitLabel="Create triage queue"
      className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <Field label="Name" name="name" defaultValue={defaultName} required maxLength={100} />
      <Field label="Top items" name="limit" type="number" min={1} max={5000} defaultValue={Math.max(1, Math.min(open, 100))} required className="w-28" />
      <Field label="Lease (minutes)" name="leaseMinutes" type="number" min={1} max={1440} defaultValue={15} required className="w-32" />
      <fieldset className="text-sm">
        <legend className="font-medium text-slate-700">Reasons</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {TRIAGE_REASONS.map((r) => (
            <label key={r} className="flex items-center gap-1">
              <input type="checkbox" name="reasons" value={r} defaultChecked />
              {REASON_LABELS[r]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="basis-full text-sm">
        <legend className="font-medium text-slate-700">Reviewers</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {deciders.length === 0 && (
            <p className="text-slate-600">No reviewer or admin in this project yet: add one on the Members page first.</p>
          )}
          {deciders.map((d) => (
            <label key={d.id} className="flex items-center gap-1" title={d.email}>
              <input type="checkbox" name="memberIds" value={d.id} defaultChecked={d.id === userId} />
              {d.name} <span className="text-xs text-slate-500">({d.role})</span>
            </label>
          ))}
        </div>
      </fieldset>
    </ActionForm>
  );
}
