import { notFound } from "next/navigation";
import { QueueModeBar } from "@/components/queues/queue-mode-bar";
import { ReviewStanding } from "@/components/review/review-standing";
import { TrajectoryReviewScreen } from "@/components/trajectory-review/trajectory-review-screen";
import { isReviewerRole, roleAtLeast } from "@/lib/auth/roles";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { queueClaimView } from "@/lib/queues/queue-claim-view";
import { reviewStanding } from "@/lib/queues/review-standing";
import { waitingFor } from "@/lib/queues/waiting-for";
import { openSourceChange } from "@/lib/annotations/source-changes";
import { SourceChangePanel } from "@/components/review/source-change-panel";
import { loadTrajectoryReview } from "@/lib/trajectories/trajectory-review";
import { neighbourTrajectories } from "@/lib/trajectories/list-trajectories";
import { parseTrajectoryFilter } from "@/lib/trajectories/trajectory-filters";
import { isRowId } from "@/lib/ids/row-id-shape";

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ slug: string; trajectoryId: string }>; searchParams: Promise<Search> };

export const generateMetadata = titled("meta.reviewTrajectory");

// The list's filters ride along unchanged, so back/next links return to the same list.
function queryOf(search: Search): string {
  const query = new URLSearchParams(Object.entries(search).flatMap(([k, v]) => [v ?? []].flat().map((x) => [k, x]))).toString();
  return query ? `?${query}` : "";
}

export default async function TrajectoryReviewPage({ params, searchParams }: Props) {
  const { slug, trajectoryId } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  if (!isRowId(trajectoryId)) notFound();
  const search = await searchParams;
  const canOverride = isReviewerRole(access.role);
  // Queue mode is annotating: nobody there is shown the item's standing (it could be a honeypot).
  const showsStanding = canOverride && search.claim === undefined;
  const review = await loadTrajectoryReview(db(), project.id, trajectoryId, access.user.id, { seesDerived: showsStanding });
  if (!review) notFound();
  const neighbours = await neighbourTrajectories(db(), project.id, trajectoryId, parseTrajectoryFilter(search, { seesHuman: canOverride }), { userId: access.user.id, seesHuman: canOverride });
  const claim = search.claim === undefined ? null : await queueClaimView(db(), project.id, access.user.id, search.claim, search.queue);
  const standing = showsStanding ? await reviewStanding(db(), project.id, { trajectoryId }) : null;
  const waiting = standing ? await waitingFor(db(), project.id, { trajectoryId }, standing.status, access.user.id) : null;
  const sourceChange = showsStanding ? await openSourceChange(db(), project.id, { trajectoryId }) : null;
  return (
    // Pulled up into the layout's top padding on wide windows, and its bottom padding taken
    // back: the review screen fills the window below it down to a few pixels above its foot
    // (components/trajectory-review/use-fill-window.ts counts this margin).
    <div className="space-y-2 lg:-mt-5 lg:-mb-8">
      {claim && <QueueModeBar projectId={project.id} claim={claim} />}
      {standing && <ReviewStanding projectId={project.id} slug={project.slug} item={{ itemType: "trajectory", id: trajectoryId }} standing={standing} waiting={waiting} isAdmin={access.role === "owner" || roleAtLeast(access.role, "admin")} />}
      {sourceChange && <SourceChangePanel change={sourceChange} />}
      <TrajectoryReviewScreen key={review.id} project={{ id: project.id, slug: project.slug, name: project.name }} review={review} canOverride={canOverride}
        query={queryOf(search)} neighbours={neighbours}
        finalPayload={standing?.status === "verified" ? (standing.final?.trajectory ?? null) : null} isSettled={standing ? isSettled(standing.status) : false}
        finalAnswerId={standing ? (standing.final?.id ?? null) : undefined} />
    </div>
  );
}
