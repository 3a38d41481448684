"use client";
// Cancel (while the run's job is queued or running) and Resume (once it was cancelled, stopped,
// or finished with failed items), for admins. Each is a form bound to its action; the page
// re-renders with the run's new state when one succeeds.
import { useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { cancelModelRunAction, resumeModelRunAction } from "@/lib/actions/model-runs";

type Props = { projectId: string; runId: string; canCancel: boolean; canResume: boolean };

export function RunControls({ projectId, runId, canCancel, canResume }: Props) {
  const t = useT();
  if (!canCancel && !canResume) return null;
  return (
    <div role="group" aria-label={t("modelRuns.controls")} className="flex flex-wrap items-start gap-3">
      {canCancel && (
        <ActionForm action={cancelModelRunAction} label={t("modelRuns.cancelLabel")} submitLabel={t("modelRuns.cancel")} variant="danger" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="projectId" value={projectId} />
          <input type="hidden" name="runId" value={runId} />
        </ActionForm>
      )}
      {canResume && (
        <ActionForm action={resumeModelRunAction} label={t("modelRuns.resumeLabel")} submitLabel={t("modelRuns.resume")} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="projectId" value={projectId} />
          <input type="hidden" name="runId" value={runId} />
        </ActionForm>
      )}
    </div>
  );
}
