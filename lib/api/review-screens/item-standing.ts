import "server-only";
// What both review screens read beside the item itself, for the same viewer rules: queue mode's
// claim (and the screenshot the queue will most likely give next), and, for reviewers outside a
// queue, the item's standing, an open source change and whom it is waiting for. One function for
// the grounding and the trajectory screen, so the rules cannot drift apart.
import type { ProjectAccess } from "@/lib/auth/session-user";
import { isReviewerRole, roleAtLeast } from "@/lib/auth/roles";
import type { ItemKey } from "@/lib/annotations/item-key";
import { openSourceChange } from "@/lib/annotations/source-changes";
import type { Db } from "@/lib/db";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { likelyNextImages } from "@/lib/queues/likely-next-images";
import { queueClaimView } from "@/lib/queues/queue-claim-view";
import { reviewStanding } from "@/lib/queues/review-standing";
import { waitingFor } from "@/lib/queues/waiting-for";
import { queueStepOf, type ScreenSearch } from "@/lib/api/review-screens/screen-search";

/** Who sees what on a review screen: reviewers may override; nobody in queue mode (annotating) is
 * shown the item's standing or derived values (it could be a honeypot). */
export function screenViewer(access: ProjectAccess, search: ScreenSearch) {
  const canOverride = isReviewerRole(access.role);
  return { canOverride, showsStanding: canOverride && search.claim === undefined };
}

export async function itemStanding(db: Db, projectId: string, access: ProjectAccess, item: ItemKey, search: ScreenSearch) {
  const { showsStanding } = screenViewer(access, search);
  const [held, standing, sourceChange] = await Promise.all([
    search.claim === undefined ? null : queueClaimView(db, projectId, access.user.id, search.claim, search.queue),
    showsStanding ? reviewStanding(db, projectId, item) : null,
    showsStanding ? openSourceChange(db, projectId, item) : null,
  ]);
  const claim = held?.view ?? null;
  const [waiting, likelyNext] = await Promise.all([
    standing ? waitingFor(db, projectId, item, standing.status, access.user.id) : null,
    // Queue mode: the screenshot the queue will most likely give next, for the screen to decode ahead.
    claim?.status === "active" ? likelyNextImages(db, projectId, { id: claim.queueId, overlap: held!.overlap }, access.user.id) : [],
  ]);
  return {
    isAdmin: access.role === "owner" || roleAtLeast(access.role, "admin"),
    queueStep: queueStepOf(search),
    likelyNext,
    claim,
    standing,
    waiting,
    sourceChange,
    isSettled: standing ? isSettled(standing.status) : false,
    finalAnswerId: standing ? (standing.final?.id ?? null) : undefined,
  };
}
