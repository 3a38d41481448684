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
import { claimNextItem, type ClaimedItem } from "@/lib/queues/claim-next-item";
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
async function closeOnTheWay(access: ProjectAccess, claimId: string, answered = false): Promise<UnsubmittedReason | null> {
  try {
    await submitOwnClaim(access, claimId, { answered });
    return null;
  } catch (error) {
    if (error instanceof AppError) return unsubmittedReason(error);
    throw error;
  }
}

type Queue = Awaited<ReturnType<typeof queueOf>>;
const queuesPage = (queue: Queue) => `/projects/${queue.project.slug}/queues`;

// Where the caller goes once `claim` (their next item, or none left) is known.
function nextAddress(queue: Queue, claim: ClaimedItem | null, unsubmitted: UnsubmittedReason | null): string {
  if (!claim) return withUnsubmitted(`${queuesPage(queue)}?done=${queue.id}`, unsubmitted);
  return withUnsubmitted(claimLocation(queue.project.slug, queue.id, claim), unsubmitted);
}

async function closeThenClaim(access: ProjectAccess, queue: Queue, closeClaimId: string | null): Promise<string> {
  const unsubmitted = closeClaimId ? await closeOnTheWay(access, closeClaimId) : null;
  // Closed while someone was working it: back to the queues page saying so, not an error page.
  if (queue.status === "closed" || queue.status === "archived") return withUnsubmitted(`${queuesPage(queue)}?closed=${queue.id}`, unsubmitted);
  return nextAddress(queue, await claimNextItem(db(), { queueId: queue.id, userId: access.user.id }), unsubmitted);
}

/** The address of the caller's next item of the queue, after closing `closeClaimId` if given. */
export async function moveOnInQueue(access: ProjectAccess, queueId: string, closeClaimId: string | null): Promise<string> {
  return closeThenClaim(access, await queueOf(access.projectId, queueId), closeClaimId);
}

/**
 * A queue-mode submit going on (lib/api/answer-save-reply.ts): the address of the caller's next
 * item, and `read`'s answer for it (that item's screen). When the claim to close is the one the
 * submit's answer was just stored under (`answeredClaimId`, the server's own finding), its close
 * and the claim of the next item are independent: the claim leaves that one claim out of what the
 * caller holds, and the two run side by side, the next item's screen read as soon as it is
 * claimed. On PostgreSQL each is a transaction on a connection of its own (the close was about
 * 9 ms of a 50 ms trajectory submit in a queue, issue 38; on two shared cores the A/B showed no
 * gain beyond noise, elsewhere it leaves the critical path). Anything else goes the one way:
 * close, then claim. `read` must not throw (it answers null instead).
 */
export async function moveOnAfterSubmit<T>(
  access: ProjectAccess,
  step: { queueId: string; claimId: string; answeredClaimId: string | null },
  read: (address: string) => Promise<T | null>,
): Promise<{ address: string; screen: T | null }> {
  const queue = await queueOf(access.projectId, step.queueId);
  if (queue.status !== "active" || step.answeredClaimId !== step.claimId) {
    const address = await closeThenClaim(access, queue, step.claimId);
    return { address, screen: await read(address) };
  }
  const closing = closeOnTheWay(access, step.claimId, true);
  const claiming = claimNextItem(db(), { queueId: queue.id, userId: access.user.id, closing: step.claimId });
  const reading = claiming.then((claim) => (claim ? read(nextAddress(queue, claim, null)) : null));
  // Each is waited for, whatever the others did: no write of this request outlives it.
  const [closed, claimed, screen] = await Promise.allSettled([closing, claiming, reading]);
  if (closed.status === "rejected") throw closed.reason;
  if (claimed.status === "rejected") throw claimed.reason;
  const address = nextAddress(queue, claimed.value, closed.value);
  // A refused close changes the address (the next page says why): its screen is read there.
  return { address, screen: closed.value || screen.status === "rejected" ? null : screen.value };
}
