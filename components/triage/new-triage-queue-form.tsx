"use client";
// Makes a triage queue of the top candidates (by impact) with the chosen reasons, worked by
// the chosen reviewers; each decision settles one item (overlap 1).
import { useT } from "@/components/i18n/i18n-provider";
import { reasonLabel } from "@/components/triage/triage-labels";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { createTriageQueueAction } from "@/lib/actions/triage";
import { TRIAGE_REASONS } from "@/lib/domain/triage-impact";
import { roleLabel } from "@/lib/i18n/labels";

type Props = {
  projectId: string;
  userId: string;
  open: number;
  defaultName: string;
  deciders: { id: string; name: string; email: string; role: string }[];
};

export function NewTriageQueueForm({ projectId, userId, open, defaultName, deciders }: Props) {
  const t = useT();
  return (
    <ActionForm action={createTriageQueueAction} label={t("triageForm.label")} submitLabel={t("triageForm.submit")}
      className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <Field label={t("triageForm.name")} name="name" defaultValue={defaultName} required maxLength={100} />
      <Field label={t("triageForm.top")} name="limit" type="number" min={1} max={5000} defaultValue={Math.max(1, Math.min(open, 100))} required className="w-28" />
      <Field label={t("triageForm.lease")} name="leaseMinutes" type="number" min={1} max={1440} defaultValue={15} required className="w-32" />
      <fieldset className="text-sm">
        <legend className="font-medium text-slate-700">{t("triageForm.reasons")}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {TRIAGE_REASONS.map((r) => (
            <label key={r} className="flex items-center gap-1">
              <input type="checkbox" name="reasons" value={r} defaultChecked />
              {reasonLabel(t, r)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="basis-full text-sm">
        <legend className="font-medium text-slate-700">{t("triageForm.reviewers")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {deciders.length === 0 && (
            <p className="text-slate-600">{t("triageForm.noReviewers")}</p>
          )}
          {deciders.map((d) => (
            <label key={d.id} className="flex items-center gap-1" title={d.email}>
              <input type="checkbox" name="memberIds" value={d.id} defaultChecked={d.id === userId} />
              {d.name} <span className="text-xs text-slate-500">({roleLabel(t, d.role)})</span>
            </label>
          ))}
        </div>
      </fieldset>
    </ActionForm>
  );
}
