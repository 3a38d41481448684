"use client";

import Link from "next/link";
import { useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { updateProjectSettingsAction } from "@/lib/actions/project-settings";
import type { ProjectSettings } from "@/lib/domain/project-settings";
import { ERROR_KINDS } from "@/lib/domain/labels";
import { statusWord } from "@/lib/i18n/status-word";

type Recompute = { status: string; processed: number; total: number | null } | null;
type Props = { project: { id: string; slug: string; name: string; description: string }; settings: ProjectSettings; recompute: Recompute };

export function ProjectSettingsForm({ project, settings, recompute }: Props) {
  const t = useT();
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("settings.title")}</h1>
      </div>
      {recompute && (
        <p role="status" data-testid="recompute-status" className="max-w-3xl rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {recompute.total ? t("settings.recomputing", { done: recompute.processed, total: recompute.total }) : t("settings.recomputingStatus", { status: statusWord(recompute.status) })}
        </p>
      )}
      <ActionForm action={updateProjectSettingsAction} label={t("settings.title")} submitLabel={t("settings.save")} className="grid max-w-3xl gap-5 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2">
        <input type="hidden" name="projectId" value={project.id} />
        <Field label={t("newQueue.name")} name="name" defaultValue={project.name} required className="sm:col-span-2" />
        <Field label={t("settings.description")} name="description" defaultValue={project.description} className="sm:col-span-2" />
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold">{t("settings.tiers")}</legend>
          <div className="flex flex-wrap gap-4">
            <Field label={t("settings.goldMin")} name="goldMin" type="number" step={0.5} min={0} max={10} defaultValue={settings.tiers.goldMin} />
            <Field label={t("settings.rewriteMin")} name="rewriteMin" type="number" step={0.5} min={0} max={10} defaultValue={settings.tiers.rewriteMin} />
          </div>
        </fieldset>
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold">{t("settings.reward")}</legend>
          <div className="flex flex-wrap gap-4">
            <Field label={t("settings.eta")} name="eta" type="number" step={0.001} min={0} max={1} defaultValue={settings.rewards.eta} />
            <Field label={t("settings.penalty")} name="invalidActionPenalty" type="number" step={0.01} max={0} defaultValue={settings.rewards.invalidActionPenalty} />
          </div>
          <fieldset className="text-sm">
            <legend className="font-medium text-slate-700">{t("settingsForm.penalisedKinds")}</legend>
            <input type="hidden" name="penalisedErrorKindsShown" value="1" />
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {ERROR_KINDS.map((kind) => (
                <label key={kind} className="flex items-center gap-1">
                  <input type="checkbox" name="penalisedErrorKinds" value={kind} defaultChecked={settings.rewards.penalisedErrorKinds?.includes(kind) ?? false} />
                  {kind.replace("_", " ")}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block text-sm font-medium text-slate-700">
            {t("settings.advantages")}
            <select name="advantagePolicy" defaultValue={settings.rewards.advantagePolicy} className="mt-1 block w-full max-w-xl rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal">
              <option value="verified_only">{t("settings.verifiedOnly")}</option>
              <option value="automatic_fallback">{t("settings.automaticFallback")}</option>
            </select>
          </label>
        </fieldset>
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold">{t("settings.review")}</legend>
          <div className="flex flex-wrap gap-4">
            <Field label={t("settings.iou")} name="iouAgreementThreshold" type="number" step={0.05} min={0.05} max={1} defaultValue={settings.iouAgreementThreshold} />
            {/* In percent, as the new-queue form asks it: one unit for one setting. */}
            <Field label={t("settings.honeypots")} name="honeypotPercent" type="number" step={1} min={0} max={90} defaultValue={Math.round(settings.honeypotRate * 1000) / 10} />
            <Field label={t("settings.triageMargin")} name="triageMargin" type="number" step={0.1} min={0} max={5} defaultValue={settings.triageMargin} />
          </div>
        </fieldset>
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold">{t("settings.certification")}</legend>
          <p className="text-sm text-slate-600">{t("settings.certificationHelp")}</p>
          <div className="flex flex-wrap gap-4">
            <Field label={t("settings.certificationLowerBound")} name="certificationLowerBound" type="number" step={0.01} min={0.5} max={0.99} defaultValue={settings.judgeCertification.minLowerBound} />
            <Field label={t("settings.certificationMinPairs")} name="certificationMinPairs" type="number" step={1} min={1} max={100000} defaultValue={settings.judgeCertification.minPairs} />
          </div>
        </fieldset>
      </ActionForm>
    </div>
  );
}
