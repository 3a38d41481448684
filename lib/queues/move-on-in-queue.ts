import "server-only";
// Going on to a queue's next item, as the queue's /next route and a queue-mode submit on the
// answer routes both do it: close the claim the caller brings (if any), then claim their next
// item of the queue (or get back the one they still hold). The answer is the address to open:
// the claimed item in queue mode, or the queues page when the queue was closed meanwhile or
// nothing is left; a close that was refused travels along as a reason in that address.
import type { ProjectAccess } from "@/lib/auth/session-user";
import { db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { AppError } from "@/lib/errors";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { claimLocation } from "@/lib/queues/claim-location";
import { submitOwnClaim } from "@/lib/queues/submittable-claim";
import { unsubmittedReason, withUnsubmitted, type UnsubmittedReason } from "@/lib/queues/unsubmitted-reason";

// A raw read: every claim makes it (lib/db/sql-exec.ts says why).
export async function queueOf(projectId: string, queueId: string) {
  const [queue] = await execFor(db()).all<{ id: string; status: string; slug: string }>(
    `SELECT q."id", q."status", p."slug" FROM "Queue" q JOIN "Project" p ON p."id" = q."projectId" WHERE q."id" = ? AND q."projectId" = ?`,
    [queueId, projectId],
  );
  if (!queue) throw new AppError("not_found", "No such queue.");
  return { id: queue.id, status: queue.status, project: { slug: queue.slug } };
}

// Closes the caller's claim (its answer is saved and submitted first). When a check refuses,
// the caller goes on all the same, and the next page says why the claim did not count: a claim
// still open comes back to be submitted again, a lost lease yields a fresh item.
async function closeOnTheWay(access: ProjectAccess, claimId: string): Promise<UnsubmittedReason | null> {
  try {
    await submitOwnClaim(access, claimId);
    return null;
  } catch (error) {
    if (error instanceof AppError) return unsubmittedReason(error);
    throw error;
  }
}

/** The address of the caller's next item of the queue, after closing `closeClaimId` if given. */
export async function moveOnInQueue(access: ProjectAccess, queueId: string, closeClaimId: string | null): Promise<string> {
  const queue = await queueOf(access.projectId, queueId);
  const unsubmitted = closeClaimId ? await closeOnTheWay(access, closeClaimId) : null;
  const queues = `/projects/${queue.project.slug}/queues`;
  // Closed while someone was working it: back to the queues page saying so, not an error page.
  if (queue.status === "closed" || queue.status === "archived") return withUnsubmitted(`${queues}?closed=${queue.id}`, unsubmitted);
  const claim = await claimNextItem(db(), { queueId: queue.id, userId: access.user.id });
  if (!claim) return withUnsubmitted(`${queues}?done=${queue.id}`, unsubmitted);
  return withUnsubmitted(claimLocation(queue.project.slug, queue.id, claim), unsubmitted);
}
