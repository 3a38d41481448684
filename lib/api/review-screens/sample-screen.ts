import "server-only";
// Everything the grounding review screen shows for one sample, read once for the server page
// and for the screen-data route (app/api/projects/[projectId]/samples/[sampleId]/screen/route.ts) alike, so a
// swap on the client shows what a reload of the same address would. Plain JSON throughout
// (dates as ISO strings): the route sends it as it is.
import type { ProjectAccess } from "@/lib/auth/session-user";
import { isReviewerRole, roleAtLeast } from "@/lib/auth/roles";
import { openSourceChange } from "@/lib/annotations/source-changes";
import type { Db } from "@/lib/db";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { isRowId } from "@/lib/ids/row-id-shape";
import { likelyNextImages } from "@/lib/queues/likely-next-images";
import { queueClaimView } from "@/lib/queues/queue-claim-view";
import { reviewStanding } from "@/lib/queues/review-standing";
import { waitingFor } from "@/lib/queues/waiting-for";
import { neighbourSamples } from "@/lib/samples/list-samples";
import { filterQuery, parseSampleFilter } from "@/lib/samples/sample-filters";
import { loadSampleReview } from "@/lib/samples/sample-review";
import { queryOf, queueStepOf, type ScreenSearch } from "@/lib/api/review-screens/screen-search";

export type ScreenProject = { id: string; slug: string; name: string; settings: unknown };

export async function loadSampleScreen(db: Db, project: ScreenProject, access: ProjectAccess, sampleId: string, search: ScreenSearch) {
  if (!isRowId(sampleId)) return null;
  const canOverride = isReviewerRole(access.role);
  // Queue mode is annotating: nobody there is shown the item's standing (it could be a honeypot).
  const showsStanding = canOverride && search.claim === undefined;
  const item = { sampleId };
  const filter = parseSampleFilter(search, { seesHuman: canOverride });
  const [review, neighbours, claim, standing, sourceChange] = await Promise.all([
    loadSampleReview(db, project.id, sampleId, access.user.id, { seesDerived: showsStanding }),
    neighbourSamples(db, project.id, sampleId, filter, { seesHuman: canOverride }),
    search.claim === undefined ? null : queueClaimView(db, project.id, access.user.id, search.claim, search.queue),
    showsStanding ? reviewStanding(db, project.id, item) : null,
    showsStanding ? openSourceChange(db, project.id, item) : null,
  ]);
  if (!review) return null;
  const waiting = standing ? await waitingFor(db, project.id, item, standing.status, access.user.id) : null;
  // Queue mode: the screenshot the queue will most likely give next, for the screen to decode ahead.
  const likelyNext = claim?.status === "active" ? await likelyNextImages(db, project.id, claim.queueId, access.user.id) : [];
  const verified = standing?.status === "verified";
  return {
    address: `/projects/${project.slug}/samples/${sampleId}${queryOf(search)}`,
    project: { id: project.id, slug: project.slug, name: project.name },
    review,
    tiers: ProjectSettingsSchema.parse(project.settings).tiers,
    canOverride,
    isAdmin: access.role === "owner" || roleAtLeast(access.role, "admin"),
    // The list's filters for the previous/next links, without the list's own page cursor.
    query: filterQuery({ ...filter, after: undefined }),
    neighbours: { previous: neighbours.previous?.id ?? null, next: neighbours.next?.id ?? null, nextMediaId: neighbours.next?.media?.id ?? null },
    queueStep: queueStepOf(search),
    likelyNext,
    claim,
    standing,
    waiting,
    sourceChange,
    finalBox: verified ? (standing.final?.grounding?.box ?? null) : null,
    finalPayload: verified ? (standing.final?.grounding ?? null) : null,
    isSettled: standing ? isSettled(standing.status) : false,
    finalAnswerId: standing ? (standing.final?.id ?? null) : undefined,
  };
}

export type SampleScreen = NonNullable<Awaited<ReturnType<typeof loadSampleScreen>>>;
