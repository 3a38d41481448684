// An admin's buttons for the queue's life: close (no new claims), reopen, archive, restore.
// Only the changes its current status allows are offered.
import { ActionForm } from "@/components/ui/action-form";
import { changeQueueStatusAction } from "@/lib/actions/queues";

const OFFERED: Record<string, { change: string; label: string; variant: "primary" | "plain" | "danger" }[]> = {
  active: [{ change: "close", label: "Close queue", variant: "plain" }],
  closed: [
    { change: "reopen", label: "Reopen", variant: "primary" },
    { change: "archive", label: "Archive", variant: "plain" },
  ],
  archived: [{ change: "restore", label: "Restore", variant: "plain" }],
};

export function QueueStatusControls({ projectId, queueId, status }: { projectId: string; queueId: string; status: string }) {
  const offered = OFFERED[status] ?? [];
  if (offered.length === 0) return null;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {offered.map((o) => (
        <ActionForm key={o.change} action={changeQueueStatusAction} label={o.label} submitLabel={o.label} variant={o.variant} className="flex flex-col items-start gap-1">
          <input type="hidden" name="projectId" value={projectId} />
          <input type="hidden" name="queueId" value={queueId} />
          <input type="hidden" name="change" value={o.change} />
        </ActionForm>
      ))}
    </div>
  );
}
