"use client";

import Link from "next/link";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { updateProjectSettingsAction } from "@/lib/actions/project-settings";
import type { ProjectSettings } from "@/lib/domain/project-settings";
import { ERROR_KINDS } from "@/lib/domain/labels";

type Recompute = { status: string; processed: number; total: number | null } | null;
type Props = { project: { id: string; slug: string; name: string; description: string }; settings: ProjectSettings; recompute: Recompute };

export function ProjectSettingsForm({ project, settings, recompute }: Props) {
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">Project settings</h1>
      </div>
      {recompute && (
        <p role="status" data-testid="recompute-status" className="max-w-3xl rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Recomputing scores, tiers, rewards and advantages under the new settings
          {recompute.total ? `: ${recompute.processed.toLocaleString("en")} of ${recompute.total.toLocaleString("en")} items` : ` (${recompute.status})`}. Lists and
          exports show the previous values for the items not done yet.
        </p>
      )}
      <ActionForm action={updateProjectSettingsAction} label="Project settings" submitLabel="Save settings" className="grid max-w-3xl gap-5 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2">
        <input type="hidden" name="projectId" value={project.id} />
        <Field label="Name" name="name" defaultValue={project.name} required className="sm:col-span-2" />
        <Field label="Description" name="description" defaultValue={project.description} className="sm:col-span-2" />
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold">Quality tiers (effective 0-10 score)</legend>
          <div className="flex flex-wrap gap-4">
            <Field label="Gold from" name="goldMin" type="number" step={0.5} min={0} max={10} defaultValue={settings.tiers.goldMin} />
            <Field label="Rewrite from (below: discard)" name="rewriteMin" type="number" step={0.5} min={0} max={10} defaultValue={settings.tiers.rewriteMin} />
          </div>
        </fieldset>
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold">Trajectory reward R = η^(T−1)·R_comp + R_p</legend>
          <div className="flex flex-wrap gap-4">
            <Field label="Length decay η" name="eta" type="number" step={0.001} min={0} max={1} defaultValue={settings.rewards.eta} />
            <Field label="Penalty per invalid action" name="invalidActionPenalty" type="number" step={0.01} max={0} defaultValue={settings.rewards.invalidActionPenalty} />
          </div>
          <fieldset className="text-sm">
            <legend className="font-medium text-slate-700">Human step labels that count as invalid actions in R_p (each step once, beside the source&apos;s own)</legend>
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
            GRPO advantages count
            <select name="advantagePolicy" defaultValue={settings.rewards.advantagePolicy} className="mt-1 block w-full max-w-xl rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal">
              <option value="verified_only">only verified rollouts (unverified ones have no reward and are left out of their group)</option>
              <option value="automatic_fallback">verified rollouts, and unverified ones with their automatic outcome</option>
            </select>
          </label>
        </fieldset>
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-semibold">Review</legend>
          <div className="flex flex-wrap gap-4">
            <Field label="Boxes agree from IoU" name="iouAgreementThreshold" type="number" step={0.05} min={0.05} max={1} defaultValue={settings.iouAgreementThreshold} />
            {/* In percent, as the new-queue form asks it: one unit for one setting. */}
            <Field label="Honeypots (% of a queue's items)" name="honeypotPercent" type="number" step={1} min={0} max={90} defaultValue={Math.round(settings.honeypotRate * 1000) / 10} />
            <Field label="Triage: score margin around a tier threshold" name="triageMargin" type="number" step={0.1} min={0} max={5} defaultValue={settings.triageMargin} />
          </div>
        </fieldset>
      </ActionForm>
    </div>
  );
}
