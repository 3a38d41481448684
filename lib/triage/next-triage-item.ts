import "server-only";
// Queue mode of the triage screen: claim the caller's next item of a triage queue (or get the
// one they still hold) and say where to go: its decision view, or back to the triage list
// saying the queue has nothing left for them.
import type { Db } from "@/lib/db";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { saidError } from "@/lib/errors/said-error";

export async function nextTriageLocation(db: Db, project: { id: string; slug: string }, queueId: string, userId: string): Promise<string> {
  const queue = await db.queue.findFirst({ where: { id: queueId, projectId: project.id, itemType: "disagreement" }, select: { id: true } });
  if (!queue) throw saidError("not_found", "messages.noSuchTriageQueue");
  const claim = await claimNextItem(db, { queueId, userId });
  const base = `/projects/${project.slug}/triage`;
  if (!claim) return `${base}?done=${queue.id}`;
  return `${base}/${claim.queueItemId}?claim=${claim.claimId}&queue=${queue.id}`;
}
