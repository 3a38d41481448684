// An admin's buttons for the queue's life: close (no new claims), reopen, archive, restore.
// Only the changes its current status allows are offered.
import { ActionForm } from "@/components/ui/action-form";
import { changeQueueStatusAction } from "@/lib/actions/queues";
import { getT } from "@/lib/i18n/server";
import type { PlainKey } from "@/lib/i18n/translate";

const OFFERED: Record<string, { change: string; label: PlainKey; variant: "primary" | "plain" | "danger" }[]> = {
  active: [{ change: "close", label: "queueStatus.close", variant: "plain" }],
  closed: [
    { change: "reopen", label: "queueStatus.reopen", variant: "primary" },
    { change: "archive", label: "queueStatus.archive", variant: "plain" },
  ],
  archived: [{ change: "restore", label: "queueStatus.restore", variant: "plain" }],
};

export async function QueueStatusControls({ projectId, queueId, status }: { projectId: string; queueId: string; status: string }) {
  const offered = OFFERED[status] ?? [];
  if (offered.length === 0) return null;
  const { t } = await getT();
  return (
    <div className="flex flex-wrap items-start gap-2">
      {offered.map((o) => (
        <ActionForm key={o.change} action={changeQueueStatusAction} label={t(o.label)} submitLabel={t(o.label)} variant={o.variant} className="flex flex-col items-start gap-1">
          <input type="hidden" name="projectId" value={projectId} />
          <input type="hidden" name="queueId" value={queueId} />
          <input type="hidden" name="change" value={o.change} />
        </ActionForm>
      ))}
    </div>
  );
}
