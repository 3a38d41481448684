import "server-only";
// Everything the trajectory review screen shows for one trajectory, read once for the server
// page and for the screen-data route (app/api/projects/[projectId]/trajectories/[trajectoryId]/screen/route.ts)
// alike, so a swap on the client shows what a reload of the same address would. Plain JSON
// throughout (dates as ISO strings): the route sends it as it is.
import type { ProjectAccess } from "@/lib/auth/session-user";
import { isReviewerRole, roleAtLeast } from "@/lib/auth/roles";
import { openSourceChange } from "@/lib/annotations/source-changes";
import type { Db } from "@/lib/db";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { isRowId } from "@/lib/ids/row-id-shape";
import { likelyNextImages } from "@/lib/queues/likely-next-images";
import { queueClaimView } from "@/lib/queues/queue-claim-view";
import { reviewStanding } from "@/lib/queues/review-standing";
import { waitingFor } from "@/lib/queues/waiting-for";
import { neighbourTrajectories } from "@/lib/trajectories/list-trajectories";
import { parseTrajectoryFilter } from "@/lib/trajectories/trajectory-filters";
import { loadTrajectoryReview } from "@/lib/trajectories/trajectory-review";
import { queryOf, queueStepOf, type ScreenSearch } from "@/lib/api/review-screens/screen-search";
import type { ScreenProject } from "@/lib/api/review-screens/sample-screen";

export async function loadTrajectoryScreen(db: Db, project: ScreenProject, access: ProjectAccess, trajectoryId: string, search: ScreenSearch) {
  if (!isRowId(trajectoryId)) return null;
  const canOverride = isReviewerRole(access.role);
  // Queue mode is annotating: nobody there is shown the item's standing (it could be a honeypot).
  const showsStanding = canOverride && search.claim === undefined;
  const item = { trajectoryId };
  const filter = parseTrajectoryFilter(search, { seesHuman: canOverride });
  const [review, neighbours, claim, standing, sourceChange] = await Promise.all([
    loadTrajectoryReview(db, project.id, trajectoryId, access.user.id, { seesDerived: showsStanding }),
    neighbourTrajectories(db, project.id, trajectoryId, filter, { userId: access.user.id, seesHuman: canOverride }),
    search.claim === undefined ? null : queueClaimView(db, project.id, access.user.id, search.claim, search.queue),
    showsStanding ? reviewStanding(db, project.id, item) : null,
    showsStanding ? openSourceChange(db, project.id, item) : null,
  ]);
  if (!review) return null;
  const waiting = standing ? await waitingFor(db, project.id, item, standing.status, access.user.id) : null;
  // Queue mode: the screenshot the queue will most likely give next, for the screen to decode ahead.
  const likelyNext = claim?.status === "active" ? await likelyNextImages(db, project.id, claim.queueId, access.user.id) : [];
  const query = queryOf(search);
  return {
    address: `/projects/${project.slug}/trajectories/${trajectoryId}${query}`,
    project: { id: project.id, slug: project.slug, name: project.name },
    review,
    canOverride,
    isAdmin: access.role === "owner" || roleAtLeast(access.role, "admin"),
    // The list's filters ride along unchanged, so back/next links return to the same list.
    query,
    neighbours,
    queueStep: queueStepOf(search),
    likelyNext,
    claim,
    standing,
    waiting,
    sourceChange,
    finalPayload: standing?.status === "verified" ? (standing.final?.trajectory ?? null) : null,
    isSettled: standing ? isSettled(standing.status) : false,
    finalAnswerId: standing ? (standing.final?.id ?? null) : undefined,
  };
}

export type TrajectoryScreen = NonNullable<Awaited<ReturnType<typeof loadTrajectoryScreen>>>;
