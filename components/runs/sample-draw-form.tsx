"use client";
// The admin's first draw of a run's verification sample: the design, the size and an optional
// seed (a random one is made and recorded otherwise), and the queue its episodes go into.
import { useT } from "@/components/i18n/i18n-provider";
import { designLabel } from "@/components/runs/design-label";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { SampleQueueFields, type QueueMemberOption } from "@/components/runs/sample-queue-fields";
import { drawSampleAction } from "@/lib/actions/verification-samples";
import { SAMPLE_DESIGNS } from "@/lib/domain/estimates/strata";

type Props = { projectId: string; runId: string; episodes: number; hasScores: boolean; members: QueueMemberOption[]; defaultHoneypotPercent: number };

export function SampleDrawForm({ projectId, runId, episodes, hasScores, members, defaultHoneypotPercent }: Props) {
  const t = useT();
  return (
    <ActionForm action={drawSampleAction} label={t("sample.drawForm")} submitLabel={t("sample.drawSubmit")} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="runId" value={runId} />
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t("sample.design")}
          {/* The height of the text fields beside it (a select ignores their line height), so the row lines up. */}
          <select name="design" defaultValue="uniform" className="mt-1 h-[2.375rem] rounded-md border border-slate-300 bg-white px-2 text-base font-normal text-slate-900">
            {SAMPLE_DESIGNS.map((d) => (
              <option key={d} value={d} disabled={d === "automatic_score" && !hasScores}>
                {designLabel(t, d)}{d === "automatic_score" && !hasScores ? t("sample.noScores") : ""}
              </option>
            ))}
          </select>
        </label>
        <Field label={t("sample.size", { episodes })} name="size" type="number" min={1} max={episodes} defaultValue={Math.min(40, episodes)} required className="w-48" />
        <Field label={t("sample.seed")} name="seed" placeholder={t("sample.seedRandom")} maxLength={64} pattern="[A-Za-z0-9._-]{1,64}" className="w-48" />
      </div>
      <SampleQueueFields members={members} defaultHoneypotPercent={defaultHoneypotPercent} />
    </ActionForm>
  );
}
