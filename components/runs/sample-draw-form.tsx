"use client";
// The admin's first draw of a run's verification sample: the design, the size and an optional
// seed (a random one is made and recorded otherwise), and the queue its episodes go into.
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { SampleQueueFields, type QueueMemberOption } from "@/components/runs/sample-queue-fields";
import { drawSampleAction } from "@/lib/actions/verification-samples";
import { DESIGN_LABELS, SAMPLE_DESIGNS } from "@/lib/domain/estimates/strata";

type Props = { projectId: string; runId: string; episodes: number; hasScores: boolean; members: QueueMemberOption[]; defaultHoneypotPercent: number };

export function SampleDrawForm({ projectId, runId, episodes, hasScores, members, defaultHoneypotPercent }: Props) {
  return (
    <ActionForm action={drawSampleAction} label="Draw a verification sample" submitLabel="Draw and queue" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="runId" value={runId} />
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Design
          {/* The height of the text fields beside it (a select ignores their line height), so the row lines up. */}
          <select name="design" defaultValue="uniform" className="mt-1 h-[2.375rem] rounded-md border border-slate-300 bg-white px-2 text-base font-normal text-slate-900">
            {SAMPLE_DESIGNS.map((d) => (
              <option key={d} value={d} disabled={d === "automatic_score" && !hasScores}>
                {DESIGN_LABELS[d]}{d === "automatic_score" && !hasScores ? " (no judge scores in this run)" : ""}
              </option>
            ))}
          </select>
        </label>
        <Field label={`Episodes to draw (of ${episodes})`} name="size" type="number" min={1} max={episodes} defaultValue={Math.min(40, episodes)} required className="w-48" />
        <Field label="Seed (optional)" name="seed" placeholder="random" maxLength={64} pattern="[A-Za-z0-9._-]{1,64}" className="w-48" />
      </div>
      <SampleQueueFields members={members} defaultHoneypotPercent={defaultHoneypotPercent} />
    </ActionForm>
  );
}
